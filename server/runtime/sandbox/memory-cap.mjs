const WASM_PAGE = 65536;

/**
 * Emscripten grows its heap through WebAssembly.Memory#grow; refusing growth past the cap makes malloc fail, which
 * QuickJS and Python report as an out-of-memory error inside the run, instead of the process eating the machine.
 * (QuickJS's own memory limit does not count every allocation: ArrayBuffers escape it.)
 * Set `bytes` on the returned object once the runtime has loaded.
 */
export function capMemoryGrowth() {
  const grow = WebAssembly.Memory.prototype.grow;
  const limit = { bytes: Number.POSITIVE_INFINITY };
  WebAssembly.Memory.prototype.grow = function capped(pages) {
    if (this.buffer.byteLength + pages * WASM_PAGE > limit.bytes) throw new RangeError("sandbox memory cap");
    return grow.call(this, pages);
  };
  return limit;
}
