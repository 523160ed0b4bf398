import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  route("login", "routes/login.tsx"),
  route("verify-code", "routes/verify-code.tsx"),
  route("set-password", "routes/set-password.tsx"),
  route("logout", "routes/logout.tsx"),
  layout("routes/_main.tsx", [
    index("routes/home.tsx"),
    route("profile", "routes/profile.tsx"),
    route("space", "routes/space.tsx"),
    route("space/new", "routes/space-new.tsx"),
    route("space/:spaceId", "routes/space-layout.tsx", [
      index("routes/space-index.tsx"),
      route("develop", "routes/space-develop.tsx"),
      route("library", "routes/space-library.tsx"),
      route("team", "routes/space-team.tsx"),
    ]),
    route("square/*", "routes/square.tsx"),
    route("system/*", "routes/system.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
