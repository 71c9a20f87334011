// The real server as a child process (`node --import tsx server/index.ts`), for tests of what only a
// process shows: signals, exit codes, the DATA_DIR lock. Plus a small HTTP client that tells an answered
// request from a cut one.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request as httpRequest, type Agent, type IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const running = new Set<ChildProcess>();

/** Kills every server a test started and left running (a failed assertion skips its own clean-up). */
export async function killLeftovers() {
  const left = [...running];
  for (const child of left) child.kill('SIGKILL');
  await Promise.all(left.map((child) => (child.exitCode === null && child.signalCode === null ? once(child, 'exit') : undefined)));
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns the server on a free port (PORT=0) with the given environment (DATA_DIR or DATABASE_URL) and
 * resolves once it listens, or rejects with its output when it exits first.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const base: NodeJS.ProcessEnv = { ...process.env };
  delete base.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...base, PORT: '0', STATIC_DIR: '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
  const port = await new Promise<number>((resolve, reject) => {
    const onData = () => {
      const match = /Portal on http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return { child, port, output: () => output, exited };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** POSTs JSON; resolves with a complete answer, rejects when the connection is cut. `sent` fires once the request is written. */
export function post(
  url: string,
  body: unknown,
  options: { agent?: Agent; headers?: Record<string, string>; sent?: () => void } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      url,
      {
        method: 'POST',
        agent: options.agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...options.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => (response.complete ? resolve({ status: response.statusCode!, headers: response.headers, body: text }) : reject(new Error('incomplete answer'))));
        response.on('error', reject);
        response.on('close', () => response.complete || reject(new Error('connection closed mid-answer')));
      },
    );
    request.on('error', reject);
    if (options.sent) request.on('finish', options.sent);
    request.end(payload);
  });
}
