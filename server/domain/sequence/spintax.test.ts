import { describe, expect, it } from "vitest";
import { chooseSpintax, countVersions, everyAlternative, parseSpintax, spintaxProblem, versionOf, VERSION_CAP } from "./spintax";

/** Every text the copy gives over many seeds, with how often. */
function tally(template: string, seeds = 3000): Map<string, number> {
  const seen = new Map<string, number>();
  for (let i = 0; i < seeds; i++) {
    const text = chooseSpintax(template, `lead-${i}`);
    seen.set(text, (seen.get(text) ?? 0) + 1);
  }
  return seen;
}

describe("chooseSpintax", () => {
  it("picks one alternative of each choice, the same for the same seed", () => {
    const text = chooseSpintax("{Hi|Hello|Hey} Ada, {quick|short} question", "seed-1");
    expect(text).toMatch(/^(Hi|Hello|Hey) Ada, (quick|short) question$/);
    expect(chooseSpintax("{Hi|Hello|Hey} Ada, {quick|short} question", "seed-1")).toBe(text);
  });

  it("covers every alternative over many seeds, roughly evenly", () => {
    const seen = tally("{Hi|Hello|Hey}");
    expect([...seen.keys()].sort()).toEqual(["Hello", "Hey", "Hi"]);
    for (const count of seen.values()) expect(count).toBeGreaterThan(850);
  });

  it("draws each choice from its own seed, so two choices vary independently", () => {
    const seen = tally("{a|b} {a|b}", 2000);
    expect([...seen.keys()].sort()).toEqual(["a a", "a b", "b a", "b b"]);
    for (const count of seen.values()) expect(count).toBeGreaterThan(380);
  });

  it("nests choices, each alternative's own choices spinning inside it", () => {
    const seen = tally("{Hi|{Hello|Hey} there}");
    expect([...seen.keys()].sort()).toEqual(["Hello there", "Hey there", "Hi"]);
  });

  it("allows empty alternatives", () => {
    expect([...tally("This is {|really }good").keys()].sort()).toEqual(["This is good", "This is really good"]);
    expect([...tally("{|}").keys()]).toEqual([""]);
  });

  it("reads a backslash before a brace, pipe or backslash as that character", () => {
    expect(chooseSpintax(String.raw`\{Hi\|Hello\} \\ {a\|b|c\}}`, "x")).toMatch(/^\{Hi\|Hello\} \\ (a\|b|c\})$/);
    expect(chooseSpintax(String.raw`C:\path\to`, "x")).toBe(String.raw`C:\path\to`);
  });

  it("keeps braces without a pipe as written, spinning what is inside", () => {
    expect(chooseSpintax("p {color: red}", "x")).toBe("p {color: red}");
    expect([...tally("{say {hi|hey}}", 200).keys()].sort()).toEqual(["{say hey}", "{say hi}"]);
  });
});

describe("placeholders beside spintax", () => {
  it("passes placeholders through untouched, their pipe a fallback's", () => {
    expect(chooseSpintax("Hi {{firstName}}, {{company|your team}}", "x")).toBe("Hi {{firstName}}, {{company|your team}}");
    expect(chooseSpintax("{{Hi|Hello}}", "x")).toBe("{{Hi|Hello}}");
  });

  it("tells a placeholder inside a choice from the choice's brace", () => {
    expect([...tally("{{{firstName}}|there}").keys()].sort()).toEqual(["there", "{{firstName}}"]);
    expect([...tally("{Hi {{firstName|there}}|Hello}").keys()].sort()).toEqual(["Hello", "Hi {{firstName|there}}"]);
  });

  it("closes two choices with two closing braces", () => {
    expect([...tally("{Hi|{Hello|Hey}}").keys()].sort()).toEqual(["Hello", "Hey", "Hi"]);
    expect([...tally("{{Hello|Hey} there|Hi}").keys()].sort()).toEqual(["Hello there", "Hey there", "Hi"]);
  });

  it("reads triple braces as a choice brace around a placeholder", () => {
    expect(chooseSpintax("{{{firstName}}}", "x")).toBe("{{{firstName}}}");
    expect(parseSpintax("{{{firstName}}}")).toEqual({
      ok: true,
      parts: [{ kind: "group", at: 1, alternatives: [[{ kind: "placeholder", text: "{{firstName}}" }]] }],
    });
  });

  it("refuses double braces that are neither a placeholder nor a choice", () => {
    expect(spintaxProblem("Hi {{company|{your|the} team}}")).toBe(
      "The double braces at character 4 are not a placeholder: write {{firstName}}, or with a fallback {{company|your team}} (a fallback cannot hold braces)",
    );
    // Braces without braces inside are a placeholder to spintax; whether its name is one is the placeholders' check.
    expect(spintaxProblem("Hi {{first name|there}} {{ai.icebreaker}}")).toBeNull();
  });

  it("shows every alternative at once for checks, placeholders included", () => {
    expect(everyAlternative("{Hi {{firstName}}|Hello {{lastName}}}, {{company}}")).toBe("Hi {{firstName}} Hello {{lastName}}, {{company}}");
  });
});

describe("syntax errors", () => {
  it("names an opening brace that is never closed, by its character", () => {
    expect(parseSpintax("Hello there, {Hi|Hey")).toEqual({ ok: false, error: { at: 14, message: "An opening brace at character 14 is never closed" } });
    expect(spintaxProblem("{a|{b|c}")).toBe("An opening brace at character 1 is never closed");
    expect(spintaxProblem("Hi {{firstName|{there}}")).toBe(
      "An opening brace at character 4 is never closed: a placeholder is written {{firstName}} or {{company|your team}}, without braces in the fallback",
    );
  });

  it("names a closing brace that has no opening brace", () => {
    expect(parseSpintax("Hi there} you")).toEqual({ ok: false, error: { at: 9, message: "A closing brace at character 9 has no opening brace" } });
    expect(spintaxProblem("{a|b}}")).toBe("A closing brace at character 6 has no opening brace");
  });

  it("accepts escaped braces and copy without spintax", () => {
    expect(spintaxProblem(String.raw`Hi \{ there`)).toBeNull();
    expect(spintaxProblem("Plain copy, R&D | Sales, {{firstName}}")).toBeNull();
  });

  it("refuses choices nested too deep", () => {
    expect(spintaxProblem(`${"{a|".repeat(30)}${"}".repeat(30)}`)).toMatch(/nested more than 20 deep/);
  });

  it("uses copy with broken spintax as written when it is sent anyway", () => {
    expect(chooseSpintax("Hi {there", "x")).toBe("Hi {there");
  });
});

describe("countVersions", () => {
  it("counts the versions: products across choices, sums across alternatives", () => {
    expect(countVersions("no choice")).toBe(1);
    expect(countVersions("{a|b|c} {d|e}")).toBe(6);
    expect(countVersions("{Hi|{Hello|Hey} there}")).toBe(3);
    expect(countVersions("{a|b} {c|d|e} {f|g|h} {i|j}")).toBe(36);
  });

  it("stops counting at the cap", () => {
    expect(countVersions("{a|b|c|d|e|f|g|h|i|j} ".repeat(6))).toBe(VERSION_CAP);
  });

  it("numbers each version once, from 0", () => {
    const template = "{Hi|{Hello|Hey} there}, {a|b}";
    const ranks = new Map<number, string>();
    for (let i = 0; i < 500; i++) {
      const version = versionOf(template, `s${i}`)!;
      expect(version.count).toBe(6);
      const text = chooseSpintax(template, `s${i}`);
      expect(ranks.get(version.rank) ?? text).toBe(text);
      ranks.set(version.rank, text);
    }
    expect([...ranks.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe("markup is never spun", () => {
  it("keeps CSS in a style element and a style attribute as written, pipes, braces and backslashes included", () => {
    const html = '<style>.x{content:"a | b"} .y{color:red}</style><p style="font:{a|b}">{Hi|Hello} <b>Ada</b></p><style>.q{content:"\\201C"}</style>';
    for (const text of tally(html, 50).keys()) {
      expect(text).toMatch(/^<style>\.x\{content:"a \| b"\} \.y\{color:red\}<\/style><p style="font:\{a\|b\}">(Hi|Hello) <b>Ada<\/b><\/p><style>\.q\{content:"\\201C"\}<\/style>$/);
    }
    expect(tally(html, 200).size).toBe(2);
    expect(spintaxProblem('<style>p{color:red}}</style><p>{Hi|Hello}</p>')).toBeNull();
  });

  it("keeps placeholders inside tags as placeholders, and spins choices around and between tags", () => {
    expect(chooseSpintax('<a href="https://acme.example/{{firstName}}">{see|view} it</a>', "s")).toMatch(/^<a href="https:\/\/acme\.example\/\{\{firstName\}\}">(see|view) it<\/a>$/);
    expect(new Set(tally("{<b>Hi</b>|<i>Hello</i>} Ada", 200).keys())).toEqual(new Set(["<b>Hi</b> Ada", "<i>Hello</i> Ada"]));
  });

  it("reads a < that starts no tag as text", () => {
    expect(chooseSpintax("I <3 {tea|coffee}", "s")).toMatch(/^I <3 (tea|coffee)$/);
    expect(tally("if a<b {x|y}", 200).size).toBe(2);
  });
});

describe("a name in single braces", () => {
  it("is reported, so {{firstName}|there} and {company} are not sent as written", () => {
    expect(spintaxProblem("{{firstName}|there}")).toBe("The name in single braces at character 2 is not a placeholder: write {{firstName}}");
    expect(spintaxProblem("Hi {company} team")).toBe("The name in single braces at character 4 is not a placeholder: write {{company}}");
    expect(spintaxProblem("{{{firstName}}|there}")).toBeNull();
    expect(spintaxProblem("{a b}")).toBeNull();
  });
});
