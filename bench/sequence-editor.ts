// Benchmark: the sequence editor on a large tree.
//   Node: converter (sequence → nodes/edges), dagre layout, the round trip back, validation with the
//   API's rules, and a full canvas rebuild after typing (no layout) and after adding a step (layout),
//   for a branching tree and for a linear chain (the deepest tree, the worst case for validation).
//   Chromium: the production build on a fresh database; time from navigation until every step is on
//   the canvas, keystroke latency in a step's copy (until the field shows it, and until the node's
//   preview does), and adding a step (click in the menu → node on the canvas).
//
//   npm run build && npx tsx bench/sequence-editor.ts [--steps=200] [--runs=50] [--keys=40] [--node-only] [--port=3961]
import { performance } from "node:perf_hooks";
import type { Page } from "@playwright/test";
import { wireSequence } from "../server/domain/sequence/wire-sequence";
import { flowToSequence, sequenceToFlow } from "../components/sequence-editor/convert";
import { generatedSequence } from "../server/test/fixtures/sequences";
import { createFlowBuilder } from "../components/sequence-editor/flow-builder";
import { validateDraft } from "../components/sequence-editor/issues";
import { layoutFlow } from "../components/sequence-editor/layout";
import { addStep, updateStep } from "../components/sequence-editor/operations";
import { toSequenceInput } from "../components/sequence-editor/sequence-input";
import { openSlots } from "../components/sequence-editor/tree";
import { setVariantContent } from "../components/sequence-editor/variants";
import { createCampaign, launchChromium, setUpOwner, startHerald } from "./herald-harness";

/** What the page scripts below leave on `window` for the benchmark to read. */
declare global {
  interface Window {
    __allStepsAt?: number;
    __echo?: number[];
    __preview?: number[];
  }
}

const args = Object.fromEntries(process.argv.slice(2).map((arg) => arg.replace(/^--/, "").split("=")));
const size = Number(args.steps ?? 200);
const runs = Number(args.runs ?? 50);
const keys = Number(args.keys ?? 40);
const port = Number(args.port ?? 3961);

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms (n=${samples.length})`;
}

function time(run: () => void): number[] {
  run(); // warm-up
  return Array.from({ length: runs }, () => {
    const start = performance.now();
    run();
    return performance.now() - start;
  });
}

/** The deepest tree of a size: one message after another, each on the previous one's no reply. */
function chainSequence(count: number) {
  return { steps: Array.from({ length: count }, (_unused, index) => ({ type: "message" as const, config: { text: `Follow-up ${index}, {{firstName}}` } })) };
}

function nodeFigures(shape: "tree" | "chain") {
  const wired = wireSequence(shape === "tree" ? generatedSequence(size) : chainSequence(size));
  const steps = wired.steps;
  const flow = sequenceToFlow(steps);
  const placeholders = flow.nodes.length - steps.length;
  console.log(`Node ${process.version}, ${shape === "tree" ? "branching tree" : "linear chain"}: ${steps.length} steps, ${placeholders} add-step placeholders, ${flow.edges.length} edges`);
  console.log(`  sequence → nodes/edges      ${summary(time(() => sequenceToFlow(steps)))}`);
  console.log(`  dagre layout                ${summary(time(() => layoutFlow(flow.nodes, flow.edges)))}`);
  console.log(`  nodes/edges → sequence      ${summary(time(() => toSequenceInput(flowToSequence(flow.nodes, flow.edges))))}`);
  console.log(`  validation (wireSequence)   ${summary(time(() => validateDraft(steps, wired)))}`);

  const build = createFlowBuilder();
  build(steps);
  let counter = 0;
  const target = steps[Math.floor(steps.length / 2)]!;
  const typing = time(() => {
    counter++;
    build(updateStep(steps, target.id, (step) => setVariantContent(step, 0, { text: `Typed ${counter}` })));
  });
  console.log(`  rebuild after typing        ${summary(typing)}`);
  const slot = openSlots(steps)[0]!;
  const adding = time(() => {
    counter++;
    // Alternate between two shapes so that every run lays out again.
    build(counter % 2 ? addStep(steps, slot, "message")!.steps : steps);
  });
  console.log(`  rebuild after adding a step ${summary(adding)}`);
}

/**
 * In the page: the moment every step node is on the canvas, measured from navigation start. A
 * string, not a function: tsx would wrap a function's inner functions in helpers the page lacks.
 */
async function watchFirstRender(page: Page, expected: number) {
  await page.addInitScript(`(() => {
    const check = () => {
      if (document.querySelectorAll('[data-testid="step-node"]').length >= ${expected}) {
        requestAnimationFrame(() => { window.__allStepsAt = performance.now(); });
        return;
      }
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })();`);
}

/** In the page: per keystroke, the time until the field shows it and until the node's preview does. */
async function watchKeystrokes(page: Page, stepId: string) {
  await page.evaluate(`(() => {
    window.__echo = [];
    window.__preview = [];
    let pressedAt = 0;
    const field = document.activeElement;
    field.addEventListener("keydown", (event) => { pressedAt = event.timeStamp; });
    field.addEventListener("input", () => requestAnimationFrame(() => window.__echo.push(performance.now() - pressedAt)));
    const preview = document.querySelector('[data-step-id="${stepId}"] [data-testid="step-preview"]');
    let seen = preview.textContent;
    new MutationObserver(() => {
      if (preview.textContent === seen) return;
      seen = preview.textContent;
      const at = pressedAt;
      requestAnimationFrame(() => window.__preview.push(performance.now() - at));
    }).observe(preview, { subtree: true, childList: true, characterData: true });
  })()`);
}

async function browserFigures() {
  const herald = await startHerald(port);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const apiKey = await setUpOwner(page, herald.baseUrl);
    const id = await createCampaign(herald.baseUrl, apiKey, { name: `${size} steps`, sequence: generatedSequence(size) });
    const url = `${herald.baseUrl}/campaigns/${id}/sequence`;

    const firstRender: number[] = [];
    await watchFirstRender(page, size);
    for (let run = 0; run < 6; run++) {
      await page.goto(url);
      await page.waitForFunction(() => window.__allStepsAt !== undefined, undefined, { timeout: 60_000 });
      if (run > 0) firstRender.push(await page.evaluate(() => window.__allStepsAt ?? Number.NaN));
    }

    // A message deep in the tree: open it, then type into its copy.
    const wired = wireSequence(generatedSequence(size));
    const message = wired.steps.filter((step) => step.type === "message").at(-1)!;
    await page.locator(`.react-flow__node[data-id="${message.id}"]`).focus();
    await page.keyboard.press("Enter");
    const field = page.getByLabel("Message", { exact: true });
    await field.focus();
    await field.press("End");
    await watchKeystrokes(page, message.id);
    for (let key = 0; key < keys; key++) {
      await page.keyboard.type(String.fromCharCode(97 + (key % 26)));
      await page.waitForFunction((count: number) => (window.__preview?.length ?? 0) >= count, key + 1);
    }
    const { echo, preview } = await page.evaluate(() => {
      return { echo: window.__echo ?? [], preview: window.__preview ?? [] };
    });

    // Adding a step: choose a kind in the menu until the new node is drawn.
    const adding: number[] = [];
    for (let run = 0; run < 5; run++) {
      await page.locator(".react-flow__node-add").first().focus();
      await page.keyboard.press("Enter");
      await page.getByTestId("add-step-menu").waitFor();
      const before = await page.locator('[data-testid="step-node"]').count();
      const elapsed = await page.evaluate<number>(`(async () => {
        const button = document.querySelector('[data-testid="add-step-menu"] button[data-kind="visit_profile"]');
        const start = performance.now();
        button.click();
        await new Promise((resolve) => {
          const check = () => (document.querySelectorAll('[data-testid="step-node"]').length > ${before} ? resolve() : requestAnimationFrame(check));
          check();
        });
        await new Promise((resolve) => requestAnimationFrame(resolve));
        return performance.now() - start;
      })()`);
      adding.push(elapsed);
    }

    const version = browser.version();
    console.log(`Chromium ${version}, production build, ${size} steps`);
    console.log(`  navigation → all steps drawn ${summary(firstRender)}`);
    console.log(`  keystroke → field shows it   ${summary(echo)}`);
    console.log(`  keystroke → node preview     ${summary(preview)}`);
    console.log(`  add a step → node drawn      ${summary(adding)}`);
  } finally {
    await browser.close();
    await herald.stop();
  }
}

nodeFigures("tree");
nodeFigures("chain");
if (!("node-only" in args)) await browserFigures();
