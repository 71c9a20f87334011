// `npm run dev`: the reference server on API_PORT (default 8081, restarting on change) and Vite with hot
// reload on 5173, which forwards /graphql, /dev and /media to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
// Members open Vite's address, so links in mail point there.
const env = { ...process.env, PORT: apiPort, STATIC_DIR: '', API_URL: `http://localhost:${apiPort}`, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/index.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => { if (code) { stop(); process.exit(code); } }));
