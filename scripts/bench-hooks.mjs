// Lets a benchmark script load both server-only query modules and the mutations (whose action
// helper imports next/navigation, which needs the ordinary React build, not react-server).
import { register } from "node:module";

register(
  "data:text/javascript," +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
      if (specifier === "server-only") return { url: "data:text/javascript,", shortCircuit: true, format: "module" };
      return next(specifier, context);
    }`),
);
