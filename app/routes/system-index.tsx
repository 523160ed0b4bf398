import { redirect } from "react-router";

/** /system opens the first menu entry. */
export const loader = () => redirect("/system/user/manage");
