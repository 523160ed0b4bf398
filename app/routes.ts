import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("login", "routes/login.tsx"),
  layout("routes/_main.tsx", [index("routes/home.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
