/** Small helpers for the benchmarks: percentiles and a printed table. Figures are reported, never asserted. */
export function percentile(values: number[], p: number) {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : "—");

export function table(title: string, header: string[], rows: (string | number)[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i] ?? "").length)));
  const line = (cells: (string | number)[]) =>
    `| ${cells.map((c, i) => String(c).padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const r of rows) console.log(line(r));
}

/** Reads an SSE body, calling `onFrame` with each parsed `data:` JSON object. */
export async function readSse(res: Response, onFrame: (data: any) => void) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let index = buffer.indexOf("\n\n");
    while (index >= 0) {
      const frame = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const data = frame
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .map((l) => l.slice(5).trim())
        .join("\n");
      if (data && data !== "[DONE]") onFrame(JSON.parse(data));
      index = buffer.indexOf("\n\n");
    }
  }
}
