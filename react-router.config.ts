import type { Config } from "@react-router/dev/config";

// The v8 behaviours stay off until we adopt them; naming them here keeps every build free of the warnings.
export default {
  ssr: true,
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
