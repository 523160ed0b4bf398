/**
 * The offline model's reading of a simple schedule request ("每天早上 8 点给我总结新闻", "每周一 9:30 提醒我开周会",
 * "每小时检查一次邮件", "每 5 分钟…"), so an agent with 定时任务 on can create a task without a model key.
 * Anything it does not recognise is left to the normal answer.
 */

const DIGITS: Record<string, number> = { 零: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
const NUM = "[0-9]+|[零一二两三四五六七八九十]+";

/** 8, 十, 十二, 二十三 … */
function toNumber(text: string): number {
  if (/^[0-9]+$/.test(text)) return Number(text);
  const [tens, ones] = text.split("十") as [string, string | undefined];
  if (ones === undefined) return DIGITS[tens] ?? Number.NaN;
  return (tens ? (DIGITS[tens] ?? Number.NaN) : 1) * 10 + (ones ? (DIGITS[ones] ?? Number.NaN) : 0);
}

const WEEKDAY: Record<string, number> = { 日: 0, 天: 0, 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6 };

interface Found {
  cron: string;
  /** The schedule's words, removed from the message to leave what is to be done. */
  phrase: string;
}

/** A time of day after the period words: (早上|下午…)? H (点|:|：) (M|半)? — 09:00 when none is given. */
function timeOf(text: string): { hour: number; minute: number; phrase: string } | null {
  const m = new RegExp(
    `^\\s*(早上|早晨|上午|中午|下午|傍晚|晚上|夜里|凌晨)?\\s*(?:(${NUM})\\s*(?:点|时|:|：)\\s*(半|${NUM})?\\s*(?:分)?)?`,
  ).exec(text);
  if (!m?.[0].trim()) return { hour: 9, minute: 0, phrase: "" };
  const period = m[1] ?? "";
  let hour = m[2]
    ? toNumber(m[2])
    : period === "中午"
      ? 12
      : period.match(/下午|傍晚/)
        ? 15
        : period.match(/晚/)
          ? 20
          : 8;
  const minute = m[3] === "半" ? 30 : m[3] ? toNumber(m[3]) : 0;
  if (/下午|傍晚|晚上|夜里/.test(period) && hour < 12) hour += 12;
  if (period === "中午" && hour < 6) hour += 12;
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) return null;
  return { hour, minute, phrase: m[0] };
}

function findSchedule(message: string): Found | null {
  let m = new RegExp(`每\\s*(${NUM})?\\s*(秒|分钟|小时)(?:钟)?`).exec(message);
  if (m) {
    const n = m[1] ? toNumber(m[1]) : 1;
    if (!(n >= 1 && n <= 59)) return null;
    const every = n === 1 ? "*" : `*/${n}`;
    if (m[2] === "秒") return { cron: `${every} * * * * *`, phrase: m[0] };
    if (m[2] === "分钟") return { cron: `${every} * * * *`, phrase: m[0] };
    return { cron: n === 1 ? "0 * * * *" : `0 */${n} * * *`, phrase: m[0] };
  }
  m =
    /(每天|每日|天天|工作日|每个工作日|每(?:个)?(?:周|星期|礼拜)\s*([一二三四五六日天1-7])|每月\s*([0-9]+|[一二三四五六七八九十]+)\s*[日号])/.exec(
      message,
    );
  if (!m) return null;
  const time = timeOf(message.slice(m.index + m[0].length));
  if (!time) return null;
  const hm = `${time.minute} ${time.hour}`;
  const phrase = m[0] + time.phrase;
  if (m[2]) {
    const day = /[1-7]/.test(m[2]) ? Number(m[2]) % 7 : WEEKDAY[m[2]];
    return { cron: `${hm} * * ${day}`, phrase };
  }
  if (m[3]) {
    const day = toNumber(m[3]);
    return day >= 1 && day <= 31 ? { cron: `${hm} ${day} * *`, phrase } : null;
  }
  if (m[1]!.includes("工作日")) return { cron: `${hm} * * 1-5`, phrase };
  return { cron: `${hm} * * *`, phrase };
}

/** The task a message asks for: its cron and what to do each time; null when it is not a schedule request. */
export function readScheduleRequest(message: string) {
  const found = findSchedule(message);
  if (!found) return null;
  const rest = message
    .replace(found.phrase, "")
    .replace(/^[\s,，、]*(都|请|帮我|给我|为我|替我|自动)*/, "")
    .replace(/^(定时|按时)?/, "")
    .replace(/[。.!！\s]+$/, "")
    .trim();
  const summary = rest || message.trim();
  const topic = Array.from(summary).slice(0, 20).join("");
  return { topic, summary, taskCron: found.cron };
}
