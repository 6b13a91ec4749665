// Loaded with `node --import` before shared/oracles/gemini_read_file.mjs:
// Gemini CLI's Config.initialize() makes a MemoryContextManager and
// refreshes it (the GEMINI.md files of the workspace and above, loaded at
// start), and read_file asks it for the subdirectory GEMINI.md files of
// the path it reads (JIT context). The oracle script builds a Config
// without initializing it, so this makes the manager on first use, as
// initialize would have, and lets a discovery wait for its refresh.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const req = createRequire(path.join(path.resolve(process.env.GEMINI_CORE_DIR ?? process.cwd()), 'package.json'));
const pkg = path.dirname(req.resolve('@google/gemini-cli-core/package.json'));
const core = await import(pathToFileURL(path.join(pkg, 'dist', 'index.js')).href);

const get = core.Config.prototype.getMemoryContextManager;
core.Config.prototype.getMemoryContextManager = function () {
  if (!this.memoryContextManager) {
    this.memoryContextManager = new core.MemoryContextManager(this);
    this.memoryContextManager.refreshed = this.memoryContextManager.refresh();
  }
  return get.call(this);
};
const discover = core.MemoryContextManager.prototype.discoverContext;
core.MemoryContextManager.prototype.discoverContext = async function (...args) {
  await this.refreshed;
  return discover.apply(this, args);
};
