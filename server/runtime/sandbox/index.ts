import { type ChildReply, type Language, LanguagePool, type Limits, type RunFailure } from "./pool";

/**
 * The only place user code runs (code plugins, workflow Code nodes): JavaScript in QuickJS, Python in Pyodide, each
 * in warm pools of child processes with an empty environment, no file/network/process access, and limits on wall
 * time, memory, output and logs. See docs/decisions/0012-sandbox.md.
 */
export type RunCodeRequest = {
  language: Language;
  code: string;
  /** Inputs by name, plus `SYS_VARS` when the caller has them. */
  args: Record<string, unknown>;
  timeoutMs: number;
};

export type RunCodeResult = {
  success: boolean;
  /** main's return value (parsed JSON); null when the run failed. */
  output: unknown;
  logs: string[];
  /** A Chinese message for the user when success is false. */
  error?: string;
  /** Milliseconds spent running, queueing for a warm process excluded. */
  costTime: number;
};

export type SandboxOptions = { jsPool: number; pyPool: number; memoryMb: number };

const DEFAULTS: SandboxOptions = { jsPool: 2, pyPool: 1, memoryMb: 128 };
const MAX_OUTPUT_BYTES = 1024 * 1024;
const MAX_LOG_BYTES = 64 * 1024;
const MAX_LOG_LINES = 500;
const MAX_TIMEOUT_MS = 10 * 60_000;

let options = DEFAULTS;
let pools: Record<Language, LanguagePool> | undefined;

/** Pool sizes and the memory cap; takes effect for pools started afterwards (call before the first run). */
export function configureSandbox(next: Partial<SandboxOptions>) {
  options = { ...options, ...next };
}

function getPools() {
  if (!pools) {
    const limits: Limits = {
      memoryBytes: options.memoryMb * 1024 * 1024,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      maxLogBytes: MAX_LOG_BYTES,
      maxLogLines: MAX_LOG_LINES,
    };
    pools = {
      JavaScript: new LanguagePool("JavaScript", Math.max(1, options.jsPool), limits),
      Python: new LanguagePool("Python", Math.max(1, options.pyPool), limits),
    };
  }
  return pools;
}

/** Starts every pool's processes now (server start with SANDBOX_WARM=1) instead of at each language's first run. */
export async function warmSandbox(languages: Language[] = ["JavaScript", "Python"]) {
  const all = getPools();
  await Promise.all(languages.map((l) => all[l].warm()));
}

/** Kills every sandbox process (server shutdown); a later run starts fresh pools. */
export function closeSandbox() {
  if (!pools) return;
  for (const pool of Object.values(pools)) pool.close();
  pools = undefined;
}

/** The pools' child processes, for measuring their memory. */
export function sandboxProcesses(): { language: Language; pid: number }[] {
  return pools ? Object.values(pools).flatMap((p) => p.processIds.map((pid) => ({ language: p.language, pid }))) : [];
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} 秒`;

function message(reply: ChildReply | RunFailure, timeoutMs: number, language: Language): string {
  const entry = language === "Python" ? "def main(args)" : "export default async function main(args)";
  switch (reply.kind) {
    case "timeout":
      return `运行超时（${seconds(timeoutMs)}）`;
    case "memory":
      return `内存超出限制（${options.memoryMb} MB）`;
    case "output":
      return `输出过大（超过 ${MAX_OUTPUT_BYTES / 1024 / 1024} MB）`;
    case "stack":
      return "代码错误：调用层级过深（栈溢出）";
    case "no_main":
      return `找不到 main 函数，请定义 ${entry}`;
    case "busy":
      return "沙箱繁忙，请稍后再试";
    case "closed":
      return "沙箱已关闭";
    case "code": {
      const line = "line" in reply && reply.line ? `（第 ${reply.line} 行）` : "";
      return `代码错误：${"error" in reply ? reply.error : ""}${line}`;
    }
    default:
      return "沙箱进程异常退出";
  }
}

export async function runCode(req: RunCodeRequest): Promise<RunCodeResult> {
  const timeoutMs = Math.min(MAX_TIMEOUT_MS, Math.max(1, Math.floor(req.timeoutMs)));
  let argsJson: string;
  try {
    argsJson = JSON.stringify(req.args ?? {});
  } catch {
    return { success: false, output: null, logs: [], error: "参数无法转换为 JSON", costTime: 0 };
  }
  const pool = getPools()[req.language];
  if (!pool) return { success: false, output: null, logs: [], error: "不支持的语言", costTime: 0 };
  const { reply, ms } = await pool.run(req.code, argsJson, timeoutMs);
  const costTime = Math.round(ms);
  if (reply.ok && typeof reply.output === "string") {
    try {
      return { success: true, output: JSON.parse(reply.output), logs: reply.logs, costTime };
    } catch {
      // Python code can replace the JSON encoder the harness serialises with (it is put back after the run).
      return { success: false, output: null, logs: reply.logs, error: "代码错误：返回值必须可以转换为 JSON", costTime };
    }
  }
  return { success: false, output: null, logs: reply.logs, error: message(reply, timeoutMs, req.language), costTime };
}
