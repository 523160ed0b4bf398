/**
 * GET /api/agent/trigger/timeZone/data: every IANA time zone this Node knows, grouped by its current UTC offset
 * (the original bundles a JSON of the same shape), and the cron presets the trigger form offers.
 */

/** Chinese names of the zones people here pick most; the rest are shown by their IANA name. */
const NAMES: Record<string, string> = {
  "Asia/Shanghai": "中国标准时间（北京、上海）",
  "Asia/Hong_Kong": "香港",
  "Asia/Taipei": "台北",
  "Asia/Macau": "澳门",
  "Asia/Singapore": "新加坡",
  "Asia/Tokyo": "东京",
  "Asia/Seoul": "首尔",
  "Asia/Kolkata": "印度标准时间",
  "Asia/Dubai": "迪拜",
  "Europe/London": "伦敦",
  "Europe/Paris": "巴黎",
  "Europe/Berlin": "柏林",
  "Europe/Moscow": "莫斯科",
  "America/New_York": "纽约",
  "America/Chicago": "芝加哥",
  "America/Los_Angeles": "洛杉矶",
  "Australia/Sydney": "悉尼",
  UTC: "协调世界时",
};

export const CRON_PRESETS = [
  {
    scope: "高频",
    cronExps: [
      { day: "每分钟", expression: "* * * * *" },
      { day: "每 5 分钟", expression: "*/5 * * * *" },
      { day: "每 30 分钟", expression: "*/30 * * * *" },
      { day: "每小时", expression: "0 * * * *" },
    ],
  },
  {
    scope: "每天",
    cronExps: [
      { day: "每天 08:00", expression: "0 8 * * *" },
      { day: "每天 09:00", expression: "0 9 * * *" },
      { day: "每天 12:00", expression: "0 12 * * *" },
      { day: "每天 18:00", expression: "0 18 * * *" },
    ],
  },
  {
    scope: "每周",
    cronExps: [
      { day: "工作日 09:00", expression: "0 9 * * 1-5" },
      { day: "每周一 09:00", expression: "0 9 * * 1" },
      { day: "每周五 17:00", expression: "0 17 * * 5" },
    ],
  },
  {
    scope: "每月",
    cronExps: [
      { day: "每月 1 日 09:00", expression: "0 9 1 * *" },
      { day: "每月 15 日 09:00", expression: "0 9 15 * *" },
    ],
  },
];

function offsetOf(timeZone: string, at: Date) {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value;
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(part ?? "");
  const utc = match ? `UTC${match[1]}:${match[2] ?? "00"}` : "UTC+00:00";
  const minutes = match ? Math.sign(Number(match[1])) * (Math.abs(Number(match[1])) * 60 + Number(match[2] ?? 0)) : 0;
  return { utc, minutes };
}

let cached: { day: string; data: unknown } | undefined;

/** Offsets change with daylight saving time: the grouping is recomputed once a day. */
export function timeZoneData() {
  const now = new Date();
  const day = now.toISOString().slice(0, 10);
  if (cached?.day === day) return cached.data as ReturnType<typeof build>;
  const data = build(now);
  cached = { day, data };
  return data;
}

function build(now: Date) {
  const groups = new Map<string, { minutes: number; timeZones: { timeZone: string; name: string }[] }>();
  for (const timeZone of ["UTC", ...Intl.supportedValuesOf("timeZone").filter((z) => z !== "UTC")]) {
    const { utc, minutes } = offsetOf(timeZone, now);
    const group = groups.get(utc) ?? { minutes, timeZones: [] };
    group.timeZones.push({ timeZone, name: NAMES[timeZone] ?? timeZone });
    groups.set(utc, group);
  }
  const utcTimeZones = [...groups.entries()]
    .sort(([, a], [, b]) => a.minutes - b.minutes)
    .map(([utc, g]) => ({ utc, timeZones: g.timeZones }));
  return { utcTimeZones, cronExpScopes: CRON_PRESETS };
}
