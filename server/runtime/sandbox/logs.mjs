// Per-run log collector shared by both runners: keeps at most maxLogLines lines and maxLogBytes characters,
// then drops the rest and says so once, so a print loop cannot flood the host.
export function createLogs({ maxLogBytes, maxLogLines }) {
  const lines = [];
  let size = 0;
  let dropped = false;
  return {
    lines,
    get full() {
      return dropped;
    },
    push(level, text) {
      if (dropped) return;
      const line = level === "log" || level === "info" ? text : `[${level}] ${text}`;
      if (lines.length >= maxLogLines || size + line.length > maxLogBytes) {
        const room = maxLogBytes - size;
        if (lines.length < maxLogLines && room > 0) lines.push(line.slice(0, room));
        lines.push(`（日志过多，已截断：最多 ${maxLogLines} 行、${Math.round(maxLogBytes / 1024)} KB）`);
        dropped = true;
        return;
      }
      lines.push(line);
      size += line.length;
    },
  };
}
