import { iconOr } from "#contract/icons";
import type { Actor, Deps } from "#server/core";
import { AppError, badInput, Codes, fail, forbidden, notLoggedIn, rateLimited } from "#server/core";
import { hashPassword, newToken, randomDigits, sha256, sixDigitCode, verifyPassword } from "#server/lib/crypto";
import { mailTransport } from "#server/lib/mailer";
import { clear, hit, release, secondsUntil } from "#server/lib/rate-limit";
import { insertSpace } from "../space";
import { getTenantConfig } from "../tenant/service";
import {
  type BindEmailInput,
  type ChangePasswordInput,
  type CodeLoginInput,
  EMAIL_RE,
  type LoginResult,
  type PasswordLoginInput,
  PHONE_RE,
  type ResetPasswordInput,
  type SendCodeInput,
  type UpdateUserInput,
} from "./contract";
import * as repo from "./repo";

const MINUTE = 60_000;
const CODE_TTL_MS = 5 * MINUTE;
const CODE_RESEND_MS = MINUTE;
const CODE_MAX_ATTEMPTS = 5;
// Login limits (docs/decisions: login back-off). An address gets a few free failures, then must wait
// longer and longer between attempts; an account is locked only when its hourly budget, shared by its user
// name, e-mail and phone, is spent — which takes many addresses, so one attacker cannot lock anyone out.
const LOGIN_FREE_FAILS_PER_IP = 10;
const LOGIN_IP_WINDOW_MS = 60 * MINUTE;
const LOGIN_MAX_BACKOFF_MS = 10 * MINUTE;
const LOGIN_FAILS_PER_ACCOUNT = 100;
const LOGIN_ACCOUNT_WINDOW_MS = 60 * MINUTE;
const CODES_PER_TARGET_PER_HOUR = 5;
// A session left open must not become a password-guessing oracle: a few wrong current passwords, then a wait.
const CHANGE_FAILS_PER_USER = 5;
const CHANGE_WINDOW_MS = 15 * MINUTE;

type CodeType = SendCodeInput["type"];

/** Everything the client may see about a user: never the password hash. */
export function toUserDto(u: repo.UserRow) {
  return {
    id: u.id,
    uid: u.uid,
    tenantId: u.tenantId,
    userName: u.userName,
    nickName: u.nickName,
    avatar: iconOr("User", u.avatar),
    resetPass: u.resetPass,
    status: u.status,
    role: u.role,
    email: u.email,
    phone: u.phone,
    lang: u.lang,
    lastLoginTime: u.lastLoginTime?.toISOString() ?? null,
    created: u.created.toISOString(),
    modified: u.modified.toISOString(),
  };
}
export type UserDto = ReturnType<typeof toUserDto>;

export function toUserBrief(u: repo.UserRow) {
  return {
    id: u.id,
    tenantId: u.tenantId,
    userName: u.userName,
    nickName: u.nickName,
    avatar: iconOr("User", u.avatar),
    created: u.created.toISOString(),
    role: u.role,
  };
}

/** Creates a user and the Personal space every user owns, atomically. */
export async function createUserWithSpace(deps: Deps, values: repo.NewUser) {
  return deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, values);
    await insertSpace(tx, {
      tenantId: user.tenantId,
      name: "个人空间",
      description: "我的个人空间",
      creatorId: user.id,
      type: "Personal",
    });
    return user;
  });
}

async function issueToken(deps: Deps, user: repo.UserRow): Promise<LoginResult> {
  const { authExpire } = await getTenantConfig(deps, user.tenantId);
  const token = newToken();
  const expiresAt = new Date(Date.now() + authExpire * MINUTE);
  await repo.insertToken(deps.db, { tokenHash: sha256(token), userId: user.id, tenantId: user.tenantId, expiresAt });
  await repo.updateUser(deps.db, user.id, { lastLoginTime: new Date() });
  return { token, expireDate: expiresAt.toISOString(), resetPass: user.resetPass, redirect: null };
}

function assertUsable(user: repo.UserRow) {
  if (user.status !== "Enabled") throw forbidden("账号已被禁用");
}

async function findByIdentifier(deps: Deps, tenantId: number, identifier: string) {
  // Any "@" means an address: the seeded admin@localhost has no dot in its domain.
  if (identifier.includes("@")) return repo.findUserByField(deps.db, tenantId, "email", identifier.toLowerCase());
  if (PHONE_RE.test(identifier)) {
    const byPhone = await repo.findUserByField(deps.db, tenantId, "phone", identifier);
    if (byPhone) return byPhone;
  }
  return repo.findUserByField(deps.db, tenantId, "userName", identifier);
}

/** The wait after each attempt an address makes once its free failures are used: 5 s, 10 s, 20 s … up to 10 min. */
const backoffMs = (failuresOverFree: number) =>
  Math.min(5000 * 2 ** Math.min(failuresOverFree, 20), LOGIN_MAX_BACKOFF_MS);

export async function passwordLogin(
  deps: Deps,
  tenantId: number,
  input: PasswordLoginInput,
  ip: string,
): Promise<LoginResult> {
  const identifier = (input.phoneOrEmail ?? input.phone ?? "").trim();
  const ipKey = `login-fail:ip:${ip}`;
  // Every attempt is counted before it is checked (one atomic upsert), so a burst of parallel guesses cannot
  // slip past the limit; an attempt that succeeds, or is turned away unchecked, gives its count back.
  const byIp = await hit(deps.db, ipKey, LOGIN_IP_WINDOW_MS);
  let slot: Awaited<ReturnType<typeof hit>> | undefined;
  if (byIp.count > LOGIN_FREE_FAILS_PER_IP) {
    // One attempt per back-off period: the first to claim the period's slot is checked, the rest wait.
    slot = await hit(deps.db, `login-wait:ip:${ip}`, backoffMs(byIp.count - 1 - LOGIN_FREE_FAILS_PER_IP));
    if (slot.count > 1) {
      await release(deps.db, ipKey);
      throw rateLimited(`登录失败次数过多，请 ${secondsUntil(slot.resetAt)} 秒后再试`);
    }
  }
  const user = await findByIdentifier(deps, tenantId, identifier);
  // Failures are counted per account (its name, e-mail and phone share one budget), per identifier for unknowns.
  const accountKey = user ? `login-fail:user:${user.id}` : `login-fail:acct:${tenantId}:${identifier.toLowerCase()}`;
  const byAccount = await hit(deps.db, accountKey, LOGIN_ACCOUNT_WINDOW_MS);
  if (byAccount.count > LOGIN_FAILS_PER_ACCOUNT) {
    await release(deps.db, ipKey);
    throw rateLimited(
      `该账号登录失败次数过多，已暂时锁定，请 ${Math.ceil(secondsUntil(byAccount.resetAt) / 60)} 分钟后再试`,
    );
  }
  // Unknown accounts (and accounts without a password) cost the same hash check, so timing tells nobody who exists.
  const stored = user?.passwordHash ?? (await dummyHash());
  const valid = (await verifyPassword(stored, input.password)) && Boolean(user?.passwordHash);
  if (!user || !valid) {
    throw fail(slot ? `用户不存在或密码错误，请 ${secondsUntil(slot.resetAt)} 秒后再试` : "用户不存在或密码错误");
  }
  await clear(deps.db, accountKey);
  await release(deps.db, ipKey);
  assertUsable(user);
  return issueToken(deps, user);
}

let dummy: Promise<string> | undefined;
const dummyHash = () => {
  dummy ??= hashPassword(newToken());
  return dummy;
};

/** Resolves where a code goes: the logged-in user's own address for RESET_PASSWORD, else the given one. */
async function codeTarget(
  deps: Deps,
  tenantId: number,
  input: { phone?: string; email?: string; type: CodeType },
  actor: Actor | null,
) {
  if (input.type === "RESET_PASSWORD" && actor) {
    const me = await repo.findUserById(deps.db, actor.userId);
    const config = await getTenantConfig(deps, tenantId);
    const target = config.authType === 1 ? (me?.phone ?? me?.email) : (me?.email ?? me?.phone);
    if (!target) throw fail("当前账号未绑定邮箱或手机号，无法发送验证码");
    return target;
  }
  const target = input.email?.toLowerCase() ?? input.phone;
  if (!target) throw badInput("参数 'email' 不能为空");
  return target;
}

/**
 * Without a mail (or SMS) transport the code is handed back in the reply, so it proves nothing about who
 * owns the address. That is safe only where no existing account can be taken over: signing up a new
 * address, or the signed-in user's own reset and bind. Existing accounts then sign in with their password.
 */
async function assertCodeMayBeShown(deps: Deps, tenantId: number, target: string, type: CodeType, actor: Actor | null) {
  if (type === "RESET_PASSWORD" && !actor) throw fail("系统未配置邮件服务，无法通过验证码重置密码，请联系管理员");
  if (type === "LOGIN_OR_REGISTER") {
    const field = EMAIL_RE.test(target) ? "email" : "phone";
    if (await repo.findUserByField(deps.db, tenantId, field, target)) {
      throw fail("系统未配置邮件服务，已注册的账号请使用密码登录");
    }
  }
}

export async function sendCode(deps: Deps, tenantId: number, input: SendCodeInput, actor: Actor | null, ip: string) {
  if (input.type === "BIND_EMAIL" && !actor) throw notLoggedIn();
  const target = await codeTarget(deps, tenantId, input, actor);
  const tenant = await getTenantConfig(deps, tenantId);
  const transport = EMAIL_RE.test(target) ? mailTransport(deps.config, tenant) : null;
  if (!transport) await assertCodeMayBeShown(deps, tenantId, target, input.type, actor);
  const last = await repo.latestCode(deps.db, tenantId, target, input.type);
  if (last && Date.now() - last.created.getTime() < CODE_RESEND_MS) {
    const wait = Math.ceil((CODE_RESEND_MS - (Date.now() - last.created.getTime())) / 1000);
    throw rateLimited(`验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  const perTarget = await hit(deps.db, `code:target:${tenantId}:${target}`, 60 * MINUTE);
  const perIp = await hit(deps.db, `code:ip:${ip}`, 60 * MINUTE);
  if (perTarget.count > CODES_PER_TARGET_PER_HOUR || perIp.count > deps.config.CODE_SENDS_PER_IP_HOUR) {
    throw rateLimited("验证码发送次数过多，请稍后再试");
  }
  const code = sixDigitCode();
  await repo.insertCode(deps.db, {
    tenantId,
    target,
    type: input.type,
    code,
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });

  if (!transport) {
    // No mail (or SMS) transport: like the original, hand the code back so an embedded install still works.
    deps.log.info({ target, type: input.type, code }, "verification code (no mail transport configured)");
    return `系统未配置${EMAIL_RE.test(target) ? "邮件" : "短信"}服务，本次验证码：${code}`;
  }
  try {
    await transport.send({
      to: target,
      subject: `【${tenant.siteName}】验证码`,
      text: `你的验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本邮件。`,
    });
  } catch (err) {
    deps.log.error({ err, target }, "sending verification mail failed");
    throw fail("验证码邮件发送失败，请检查邮件服务配置");
  }
  return "验证码已发送";
}

/**
 * Checks a code; five tries burn it, and only one request can use it. The attempt is counted (atomically)
 * before the comparison, so parallel guesses cannot get more than five.
 */
async function consumeCode(deps: Deps, tenantId: number, target: string, type: CodeType, code: string) {
  const expired = () => fail("验证码已失效，请重新获取");
  const row = await repo.latestCode(deps.db, tenantId, target, type);
  if (!row || row.expiresAt.getTime() < Date.now()) throw expired();
  if (!(await repo.claimCodeAttempt(deps.db, row.id, CODE_MAX_ATTEMPTS))) throw expired();
  if (row.code !== code) throw fail("验证码错误");
  if (!(await repo.takeCode(deps.db, row.id))) throw expired();
  await repo.deleteCodes(deps.db, tenantId, target, type);
}

export async function codeLogin(deps: Deps, tenantId: number, input: CodeLoginInput): Promise<LoginResult> {
  const raw = (input.phoneOrEmail ?? input.email ?? input.phone ?? "").trim();
  const isEmail = EMAIL_RE.test(raw);
  if (!isEmail && !PHONE_RE.test(raw)) throw badInput("参数 'phoneOrEmail' 必须是邮箱或手机号");
  const target = isEmail ? raw.toLowerCase() : raw;
  await consumeCode(deps, tenantId, target, "LOGIN_OR_REGISTER", input.code);
  let user = await repo.findUserByField(deps.db, tenantId, isEmail ? "email" : "phone", target);
  if (!user) {
    const config = await getTenantConfig(deps, tenantId);
    if (config.openRegister !== 1) throw fail("注册已关闭，请联系管理员开通账号");
    const userName = `user${randomDigits(10)}`;
    try {
      user = await createUserWithSpace(deps, {
        tenantId,
        uid: userName,
        userName,
        nickName: isEmail ? target.split("@")[0]?.slice(0, 32) : `用户${target.slice(-4)}`,
        email: isEmail ? target : null,
        phone: isEmail ? null : target,
        resetPass: 0,
      });
    } catch (err) {
      // The address was registered in the meantime (another sign-in, an admin): sign that account in.
      if (!repo.isUniqueViolation(err)) throw err;
      user = await repo.findUserByField(deps.db, tenantId, isEmail ? "email" : "phone", target);
      if (!user) throw err;
    }
  }
  assertUsable(user);
  return issueToken(deps, user);
}

/** Resolves a token to its user, sliding the expiry; disabled users lose every session at once. */
export async function authenticate(deps: Deps, token: string): Promise<Actor | null> {
  const tokenHash = sha256(token);
  const found = await repo.findLiveToken(deps.db, tokenHash);
  if (!found) return null;
  const { user, token: row } = found;
  if (user.status !== "Enabled") {
    await repo.deleteUserTokens(deps.db, user.id);
    return null;
  }
  const { authExpire } = await getTenantConfig(deps, user.tenantId);
  const fresh = Date.now() + authExpire * MINUTE;
  // Write only when the expiry moved by a minute or more, so a busy session is not a write per request.
  if (fresh - row.expiresAt.getTime() > MINUTE) await repo.extendToken(deps.db, tokenHash, new Date(fresh));
  return {
    userId: user.id,
    tenantId: user.tenantId,
    role: user.role,
    userName: user.userName,
    tokenHash,
    tokenId: row.id,
  };
}

export async function logout(deps: Deps, actor: Actor) {
  await repo.deleteToken(deps.db, actor.tokenHash);
}

export async function getLoginInfo(deps: Deps, actor: Actor) {
  const user = await repo.findUserById(deps.db, actor.userId);
  if (!user) throw notLoggedIn();
  return toUserDto(user);
}

export async function setPassword(deps: Deps, actor: Actor, password: string) {
  const user = await repo.findUserById(deps.db, actor.userId);
  if (!user) throw notLoggedIn();
  if (user.resetPass !== 0) throw fail("已设置过密码，如需修改请使用重置密码");
  await repo.updateUser(deps.db, user.id, { passwordHash: await hashPassword(password), resetPass: 1 });
}

export async function resetPassword(deps: Deps, tenantId: number, input: ResetPasswordInput, actor: Actor | null) {
  let user: repo.UserRow | undefined;
  if (actor) user = await repo.findUserById(deps.db, actor.userId);
  else if (input.phoneOrEmail) user = await findByIdentifier(deps, tenantId, input.phoneOrEmail.trim());
  else throw badInput("参数 'phoneOrEmail' 不能为空");
  // An unknown account reads like a missing code, so this endpoint does not tell who has an account.
  if (!user) throw fail("验证码已失效，请重新获取");
  const targets = [user.email, user.phone].filter((t): t is string => Boolean(t));
  let matched = false;
  for (const target of targets) {
    const row = await repo.latestCode(deps.db, tenantId, target, "RESET_PASSWORD");
    if (row) {
      await consumeCode(deps, tenantId, target, "RESET_PASSWORD", input.code);
      matched = true;
      break;
    }
  }
  if (!matched) throw fail("验证码已失效，请重新获取");
  await repo.updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.newPassword), resetPass: 1 });
  // A password change signs every other session out; the session that made the change stays.
  await repo.deleteUserTokens(deps.db, user.id, actor?.tokenHash);
}

/** Changes the password with the current one; every other session of the account is signed out. */
export async function changePassword(deps: Deps, actor: Actor, input: ChangePasswordInput) {
  const user = await repo.findUserById(deps.db, actor.userId);
  if (!user) throw notLoggedIn();
  if (!user.passwordHash) throw fail("你还没有设置登录密码，请先设置密码");
  const key = `password-change-fail:user:${user.id}`;
  const tries = await hit(deps.db, key, CHANGE_WINDOW_MS);
  if (tries.count > CHANGE_FAILS_PER_USER) {
    throw rateLimited(`当前密码输错次数过多，请 ${Math.ceil(secondsUntil(tries.resetAt) / 60)} 分钟后再试`);
  }
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw fail("当前密码不正确");
  await clear(deps.db, key);
  await repo.updateUser(deps.db, user.id, { passwordHash: await hashPassword(input.newPassword), resetPass: 1 });
  await repo.deleteUserTokens(deps.db, user.id, actor.tokenHash);
}

export async function bindEmail(deps: Deps, actor: Actor, input: BindEmailInput) {
  const field = input.email ? "email" : "phone";
  const target = input.email?.toLowerCase() ?? input.phone ?? "";
  if (await repo.isFieldTaken(deps.db, actor.tenantId, field, target, actor.userId)) {
    throw fail(field === "email" ? "该邮箱已被使用" : "该手机号已被使用");
  }
  await consumeCode(deps, actor.tenantId, target, "BIND_EMAIL", input.code);
  try {
    await repo.updateUser(deps.db, actor.userId, { [field]: target });
  } catch (err) {
    // Taken by someone else between the check above and this write.
    if (repo.isUniqueViolation(err)) throw fail(field === "email" ? "该邮箱已被使用" : "该手机号已被使用");
    throw err;
  }
}

export async function updateProfile(deps: Deps, actor: Actor, input: UpdateUserInput) {
  const config = await getTenantConfig(deps, actor.tenantId);
  const current = await repo.findUserById(deps.db, actor.userId);
  // Sending the current name back is not a change (code-registered users keep their generated name).
  if (input.userName !== undefined && input.userName === current?.userName) input = { ...input, userName: undefined };
  if (input.userName !== undefined) {
    if (config.authType === 2) throw fail("单点登录模式下不能修改用户名");
    if (/^user\d{10}$/.test(input.userName)) throw badInput("参数 'userName' 不能使用系统保留的格式");
    if (await repo.isFieldTaken(deps.db, actor.tenantId, "userName", input.userName, actor.userId)) {
      throw new AppError(Codes.BUSINESS, "用户名已被使用");
    }
  }
  const values: Partial<repo.NewUser> = {};
  if (input.userName !== undefined) values.userName = input.userName;
  if (input.nickName !== undefined) values.nickName = input.nickName;
  if (input.avatar !== undefined) values.avatar = input.avatar;
  if (!Object.keys(values).length) return;
  try {
    await repo.updateUser(deps.db, actor.userId, values);
  } catch (err) {
    // Two people asked for the same name at once: the unique index decides, the loser hears why.
    if (repo.isUniqueViolation(err)) throw fail("用户名已被使用");
    throw err;
  }
}

export async function searchUsers(deps: Deps, actor: Actor, kw: string) {
  return (await repo.searchUsers(deps.db, actor.tenantId, kw, 20)).map(toUserBrief);
}
