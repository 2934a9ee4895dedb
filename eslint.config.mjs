import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import i18nAreas from "./i18n-areas.json" with { type: "json" };

// The folders whose interface text goes through the translation layer (decision 067).
const translatedFolders = Object.entries(i18nAreas)
  .filter(([area]) => area !== "comment" && area !== "english")
  .flatMap(([, folders]) => folders);
const translatedTsx = translatedFolders
  .map((glob) => (glob.endsWith("**") ? `${glob}/*.tsx` : glob))
  .filter((glob) => glob.endsWith(".tsx"));

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  // Links go through src/components/app-link.tsx (no automatic prefetch; decision 016).
  {
    files: ["src/**"],
    ignores: ["src/components/app-link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message: "Import Link from @/components/app-link (no automatic prefetch, decision 016).",
            },
          ],
        },
      ],
    },
  },
  // Text a person reads comes from the catalogs (next-intl), never a literal in JSX (decision 067).
  ...(translatedTsx.length === 0
    ? []
    : [
        {
          files: translatedTsx,
          ignores: ["**/*.test.tsx", ...i18nAreas.english],
          rules: {
            "react/jsx-no-literals": [
              "error",
              // Punctuation, symbols and numbers carry no language.
              {
                noStrings: true,
                ignoreProps: true,
                allowedStrings: [
                  " ",
                  "·",
                  "—",
                  "–",
                  "…",
                  "×",
                  "/",
                  ":",
                  "(",
                  ")",
                  "%",
                  "+",
                  "−",
                  "-",
                  "*",
                  "|",
                  "→",
                  "←",
                  "€",
                  ",",
                  ".",
                ],
              },
            ],
          },
        },
      ]),
  // Playwright fixtures call `use`, which is not React's hook.
  { files: ["tests/**"], rules: { "react-hooks/rules-of-hooks": "off" } },
  {
    ignores: [
      ".next/**",
      "node_modules/**",
      "data/**",
      "drizzle/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
];

export default config;
