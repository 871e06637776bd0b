import { locateIssues, parseLayoutJson } from './parse-layout-json.ts';
import { validateLayout, type LayoutCatalog, type LayoutValidation } from './validate-layout.ts';

/**
 * Validates a layout file's text: syntax errors and every validation error or warning carry the line and column
 * of the JSON pointer they name; `catalog` is the layout schema and the panel kinds (schemas/layout-catalog.ts). What `npm run layouts:check`, the server start and the Vite plugin run per file.
 */
export function checkLayoutText(text: string, file: string, catalog: LayoutCatalog): LayoutValidation {
  const parsed = parseLayoutJson(text, file);
  if (parsed.issue !== null) return { layout: null, errors: [parsed.issue], warnings: [] };
  const { layout, errors, warnings } = validateLayout(parsed.json, file, catalog);
  return { layout, errors: locateIssues(text, errors), warnings: locateIssues(text, warnings) };
}
