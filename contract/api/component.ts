import { endpoint } from "./endpoint";

/** /api/component/*: the components of a space. */
export const component = {
  list: endpoint({ method: "GET", path: "/api/component/list/:spaceId" }),
};
