/**
 * Runs npm scripts side by side and fails when any of them fails: `npm run check` type-checks,
 * lints, checks the import rules and the generated docs at once instead of one after another
 * (docs/decisions/0023). Each script's output is held back and printed whole when it ends, so
 * two scripts never interleave their lines; a script after `--live` prints as it goes instead
 * (`npm test` runs vitest so, beside the check, so a long run shows its progress).
 *
 *   tsx scripts/run-parallel.ts typecheck lint deps docs:check
 *   tsx scripts/run-parallel.ts check --live vitest
 */
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const scripts = args.filter((arg) => arg !== '--live');
const live = new Set(liveAt < 0 ? [] : args.slice(liveAt + 1));
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-parallel.ts <npm script>...');
  process.exit(2);
}

const started = Date.now();
const seconds = (from: number) => `${((Date.now() - from) / 1000).toFixed(1)} s`;

function run(script: string): Promise<boolean> {
  const from = Date.now();
  return new Promise((resolve) => {
    const streamed = live.has(script);
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: ['ignore', streamed ? 'inherit' : 'pipe', streamed ? 'inherit' : 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const ok = code === 0;
      process.stdout.write(`\n> ${script}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${seconds(from)}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => !results[i]);
console.log(
  failed.length === 0
    ? `\n${scripts.join(', ')}: all passed in ${seconds(started)}`
    : `\nFailed: ${failed.join(', ')} (${seconds(started)})`,
);
process.exit(failed.length === 0 ? 0 : 1);
