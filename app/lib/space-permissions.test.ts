import { describe, expect, it } from "vitest";
import { developmentHidden, isDevelopmentPath, spaceHome, spacePermissions } from "./space-permissions";

const team = { type: "Team" as const };
const me = { id: 1, role: "User" as const };

describe("spacePermissions", () => {
  it("lets the Owner do everything in a team space except touch themselves", () => {
    const can = spacePermissions({ ...team, currentUserRole: "Owner" }, me);
    expect(can).toMatchObject({ editInfo: true, addMembers: true, transfer: true, delete: true });
    expect(can.manageMember({ userId: 2, role: "Admin" })).toBe(true);
    expect(can.manageMember({ userId: 1, role: "Owner" })).toBe(false);
  });

  it("lets an Admin manage plain members but not other admins, transfer or delete", () => {
    const can = spacePermissions({ ...team, currentUserRole: "Admin" }, me);
    expect(can).toMatchObject({ editInfo: true, addMembers: true, transfer: false, delete: false });
    expect(can.manageMember({ userId: 2, role: "User" })).toBe(true);
    expect(can.manageMember({ userId: 3, role: "Admin" })).toBe(false);
    expect(can.manageMember({ userId: 4, role: "Owner" })).toBe(false);
  });

  it("gives a plain member nothing to change", () => {
    const can = spacePermissions({ ...team, currentUserRole: "User" }, me);
    expect(can).toMatchObject({ editInfo: false, addMembers: false, transfer: false, delete: false });
    expect(can.manageMember({ userId: 2, role: "User" })).toBe(false);
  });

  it("treats a system admin outside the space as a space admin, never as its owner", () => {
    const can = spacePermissions({ ...team, currentUserRole: null }, { id: 9, role: "Admin" });
    expect(can).toMatchObject({ editInfo: true, addMembers: true, transfer: false, delete: false });
    expect(can.manageMember({ userId: 3, role: "Admin" })).toBe(true);
  });

  it("never offers members, transfer or delete for a Personal space", () => {
    const can = spacePermissions({ type: "Personal", currentUserRole: "Owner" }, me);
    expect(can).toMatchObject({ editInfo: true, addMembers: false, transfer: false, delete: false });
  });
});

describe("开发者功能 off", () => {
  it("hides development from plain members only, and opens their space on 成员与设置", () => {
    expect(developmentHidden({ allowDevelop: 0, currentUserRole: "User" })).toBe(true);
    expect(spaceHome({ id: 7, allowDevelop: 0, currentUserRole: "User" })).toBe("/space/7/team");
    for (const currentUserRole of ["Owner", "Admin", null] as const) {
      expect(developmentHidden({ allowDevelop: 0, currentUserRole })).toBe(false);
      expect(spaceHome({ id: 7, allowDevelop: 0, currentUserRole })).toBe("/space/7/develop");
    }
    expect(developmentHidden({ allowDevelop: 1, currentUserRole: "User" })).toBe(false);
  });

  it("counts 智能体开发, 组件库 and their pages as development, not 成员与设置", () => {
    for (const path of ["/space/7/develop", "/space/7/develop/new", "/space/7/library", "/space/7/library/"])
      expect(isDevelopmentPath(path)).toBe(true);
    for (const path of ["/space/7/team", "/space/7/developer", "/space/7", "/space/new"])
      expect(isDevelopmentPath(path)).toBe(false);
  });
});
