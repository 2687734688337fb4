// A real Dovecot IMAP server for tests (Debian's dovecot as a child process, its own config, users
// and Maildir under a temporary folder), with its LDA and Sieve for deliveries that file mail.
// Started through server/test/mail-servers.ts, which the test projects know as a process module.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, connect, type AddressInfo } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { ImapFlow } from "imapflow";
import { stopServerProcess } from "./stop-server-process";
export const DOVECOT_BINARY = process.env.DOVECOT_PATH ?? "/usr/sbin/dovecot";

export interface DovecotServer {
  host: "127.0.0.1";
  imapPort: number;
  /** Creates a mailbox (INBOX, Sent, Junk, Drafts, Trash) signing in with this address and password. */
  addUser(email: string, password: string): Promise<void>;
  /** Puts a message into a user's INBOX, as a delivery would (a no-op for an unknown address). */
  deliver(email: string, raw: string): Promise<void>;
  /**
   * Delivers through Dovecot's LDA (dovecot-lda), as a mail server hands over mail: the Sieve script
   * given to startDovecot({ sieve }) files it (e.g. into Junk). Throws with the LDA's output when it refuses.
   */
  deliverWithLda(email: string, raw: string, sender: string): Promise<void>;
  close(): Promise<void>;
}

export const DOVECOT_LDA_BINARY = process.env.DOVECOT_LDA_PATH ?? "/usr/lib/dovecot/dovecot-lda";
const SIEVEC_BINARY = process.env.SIEVEC_PATH ?? "/usr/bin/sievec";

export interface DovecotOptions {
  /** A Sieve script every LDA delivery runs first (package dovecot-sieve), e.g. one filing some mail into Junk. */
  sieve?: string;
}

/** The name the helpers' contract uses for a running Dovecot. */
export type DovecotHandle = DovecotServer;

/** A port nothing listens on right now (the OS's choice), for a server to take or a test to find closed. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Runs a program to its end with `input` on stdin; throws with its output when it exits non-zero. */
function runProcess(binary: string, args: string[], input: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = spawn(binary, args, { stdio: ["pipe", "pipe", "pipe"] });
    let output = "";
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.once("error", reject);
    started.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} exited with ${code}: ${output}`))));
    started.stdin!.end(input);
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A group's name from /etc/group (Dovecot takes names, Node gives the current gid only). */
function groupName(gid: number): string {
  const line = readFileSync("/etc/group", "utf8")
    .split("\n")
    .find((entry) => entry.split(":")[2] === String(gid));
  return line ? line.split(":")[0]! : String(gid);
}

function sieveConfig(folder: string): string {
  return `postmaster_address = postmaster@herald.test
lda_mailbox_autocreate = yes
protocol lda {
  mail_plugins = $mail_plugins sieve
}
plugin {
  sieve_before = ${folder}/sieve/before.sieve
}
`;
}

function dovecotConfig(folder: string, port: number, options: DovecotOptions = {}): string {
  const me = userInfo();
  const root = me.uid === 0;
  // Dovecot never gives mail access to uid 0, so as root the mailboxes belong to Debian's `mail`
  // user; as anyone else, everything (mail, logins, auth) runs as that user.
  const mailUid = root ? 8 : me.uid;
  const mailGid = root ? 8 : me.gid;
  const processUsers = root
    ? ""
    : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}\ndefault_internal_group = ${groupName(me.gid)}\n`;
  return `# Written by server/test/mail-servers.ts for one test run.
base_dir = ${folder}/run
state_dir = ${folder}/state
log_path = ${folder}/dovecot.log
${processUsers}protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
first_valid_uid = 1
mail_location = maildir:${folder}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${folder}/users/%u
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${folder}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
service anvil {
  chroot =
  # No auth penalty: it would delay every later sign-in from loopback by seconds after a test's
  # deliberate wrong password (Dovecot's documented way to turn it off).
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Junk {
    special_use = \\Junk
    auto = create
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = create
  }
  mailbox Trash {
    special_use = \\Trash
    auto = create
  }
}
${options.sieve === undefined ? "" : sieveConfig(folder)}`;
}

/** Starts Debian's Dovecot (package dovecot-imapd; scripts/ensure-test-services.sh installs it) on a free loopback port. */
export async function startDovecot(options: DovecotOptions = {}): Promise<DovecotServer> {
  if (!existsSync(DOVECOT_BINARY)) {
    throw new Error(`The IMAP tests need Dovecot at ${DOVECOT_BINARY}: run scripts/ensure-test-services.sh (installs Debian's dovecot-imapd) or set DOVECOT_PATH.`);
  }
  const folder = await mkdtemp(path.join(tmpdir(), "herald-dovecot-"));
  // Dovecot's mail processes run as another user than the test (see dovecotConfig): they must be able to reach and create their Maildirs.
  await chmod(folder, 0o755);
  await mkdir(path.join(folder, "mail"), { mode: 0o777 });
  await chmod(path.join(folder, "mail"), 0o777);
  // One passwd-file per user: Dovecot reloads a passwd-file when its modification time changes,
  // which two users added within the same second would not show.
  await mkdir(path.join(folder, "users"));
  const passwords = new Map<string, string>();

  let child: ChildProcess | null = null;
  let port = 0;
  let output = "";
  const log = async () => `${output}${await readFile(path.join(folder, "dovecot.log"), "utf8").catch(() => "")}`;
  for (let attempt = 0; attempt < 3 && !child; attempt++) {
    port = await freePort();
    const configPath = path.join(folder, "dovecot.conf");
    await writeFile(configPath, dovecotConfig(folder, port, options));
    const started = spawn(DOVECOT_BINARY, ["-F", "-c", configPath], { stdio: ["ignore", "pipe", "pipe"] });
    started.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    started.once("exit", () => (exited = true));
    const deadline = Date.now() + 15_000;
    while (!exited && Date.now() < deadline && !(await canConnect(port))) await new Promise((resolve) => setTimeout(resolve, 50));
    if (!exited && (await canConnect(port))) {
      child = started;
    } else {
      started.kill("SIGKILL");
      // Another process may have taken the port between the probe and Dovecot's bind: try another.
      if (!/Address already in use/.test(await log()) || attempt === 2) {
        await rm(folder, { recursive: true, force: true });
        throw new Error(`Dovecot did not start listening on 127.0.0.1:${port}. Its log:\n${await log()}`);
      }
    }
  }
  const running = child!;
  const configPath = path.join(folder, "dovecot.conf");
  if (options.sieve !== undefined) {
    await mkdir(path.join(folder, "sieve"), { mode: 0o755 });
    await writeFile(path.join(folder, "sieve", "before.sieve"), options.sieve);
    // Compiled ahead: the LDA runs as the mail user, who may not write next to a global script.
    await runProcess(SIEVEC_BINARY, ["-c", configPath, path.join(folder, "sieve", "before.sieve")], "");
  }

  const dovecot: DovecotServer = {
    host: "127.0.0.1",
    imapPort: port,
    async addUser(email, password) {
      if (/[:\n/]/.test(email) || /[:\n]/.test(password)) throw new Error("Test addresses and passwords cannot contain ':', '/' or line breaks");
      passwords.set(email, password);
      await writeFile(path.join(folder, "users", email), `${email}:{PLAIN}${password}::::::\n`);
      // Signing in once creates the Maildir and the auto-created folders (Sent, Junk, …).
      const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user: email, pass: password }, logger: false });
      await client.connect();
      await client.list();
      await client.logout();
    },
    async deliver(email, raw) {
      const password = passwords.get(email.toLowerCase()) ?? passwords.get(email);
      if (password === undefined) return;
      const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user: email, pass: password }, logger: false });
      await client.connect();
      try {
        await client.append("INBOX", raw);
      } finally {
        await client.logout();
      }
    },
    async deliverWithLda(email, raw, sender) {
      await runProcess(DOVECOT_LDA_BINARY, ["-c", configPath, "-d", email, "-f", sender], raw);
    },
    async close() {
      await stopServerProcess(running, folder);
    },
  };
  return dovecot;
}
