// The cline oracle, as the model gets the answer: shared/oracles/cline_read_files.mjs
// runs the read_files tool and prints what it returns; Cline's session then
// builds each request through its message builder (MessageBuilder.buildForApi,
// reached through an agent's prepareMessagesForModelRequest), which cuts the
// middle out of every string of a tool result past 8,000 characters. This
// script runs the tool the same way, passes the result through that builder,
// and prints it in the shared script's form: the result as JSON, then
// "===AS JSON TEXT===" and the text the model receives.
//
//   CLINE_CORE_DIR=dir node internal/record/cline_transport.mjs '<tool input JSON>'

import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

const input = JSON.parse(process.argv[2] ?? 'null');
const pkgDir = path.join(path.resolve(process.env.CLINE_CORE_DIR ?? process.cwd()), 'node_modules', '@cline', 'core');
const pkg = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const dot = pkg.exports?.['.'];
const rel = typeof dot === 'string' ? dot : (dot?.import?.default ?? dot?.import ?? dot?.default ?? pkg.main);
const core = await import(pathToFileURL(path.join(pkgDir, typeof rel === 'string' ? rel : rel.default)).href);

const tools = core.createDefaultTools({ executors: core.createDefaultExecutors() });
const readFiles = tools.find((t) => t.name === 'read_files');
const ctx = {
  signal: new AbortController().signal,
  metadata: { modelSupportsImages: process.env.MODEL_SUPPORTS_IMAGES === '1' },
};
let output;
let isError = false;
let thrown = false;
try {
  output = await readFiles.execute(input, ctx);
} catch (e) {
  // As the agent runtime answers input the tool's schema rejects.
  output = { error: e instanceof Error ? e.message : String(e) };
  isError = true;
  thrown = true;
}

// A delegated agent holds the session's message builder; its connection is
// never used.
const config = { providerId: 'anthropic', modelId: 'claude-sonnet-4-5' };
const agent = core.createDelegatedAgent({
  configProvider: { getRuntimeConfig: () => config, getConnectionConfig: () => config },
  prompt: 'oracle', tools: [], kind: 'subagent',
});
const built = await agent.prepareMessagesForModelRequest([
  { id: 'm1', role: 'assistant', createdAt: 1, content: [{ type: 'tool-call', toolCallId: 't1', toolName: 'read_files', input }] },
  { id: 'm2', role: 'tool', createdAt: 2, content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'read_files', output, isError }] },
]);
const sent = built.flatMap((m) => m.content).find((c) => c.type === 'tool-result').output;
console.log(JSON.stringify(thrown ? { thrown: true, toolResult: { output: sent, isError } } : sent, null, 2));
// A result that is not a string went through JSON.stringify on its way in
// (an error object) or goes as a JSON tool output (the array): either way
// the model reads JSON text.
process.stdout.write('===AS JSON TEXT===\n' + (typeof sent === 'string' ? sent : JSON.stringify(sent)) + '\n');
