// npm run new:panel -- <kind> — scaffolds panels/<kind>/ (index.ts, options.ts with the TypeBox options schema, model,
// component, CSS, fixtures, stories (the SDK's Loading/Empty/Error/Nothing selected, and Data) and a test) and registers the kind (npm run panels:index). What is left is one layout
// edit: a panel of the new kind in layouts/<report>.json and its placement (docs/layout-authoring.md, "Adding a panel kind").
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { isKindName } from './kind-names.ts';
import { writePanelIndex } from './panel-index.ts';
import { STARTER_ANSWER, panelFiles } from './panel-templates.ts';

/** A kind name the scaffold refuses, with the reason in words. */
export class NewPanelError extends Error {}

/** What the scaffold did: the files it created and the generated files it rewrote (paths relative to the root). */
export interface NewPanelResult {
  created: string[];
  regenerated: string[];
}

async function existingKinds(root: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'panels'), { withFileTypes: true });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

/** Checks the name, writes panels/<kind>/ under `root` and regenerates the kind list. */
export async function newPanel(root: string, kind: string | undefined): Promise<NewPanelResult> {
  if (kind === undefined || kind === '') {
    throw new NewPanelError('usage: npm run new:panel -- <kind>   (kebab-case, e.g. systems-table)');
  }
  if (!isKindName(kind)) {
    throw new NewPanelError(
      `panel kind '${kind}' must be kebab-case: lower-case letters and digits in words joined by '-', starting with a letter (e.g. 'systems-table')`,
    );
  }
  if ((await existingKinds(root)).includes(kind)) {
    throw new NewPanelError(
      `panel kind '${kind}' already exists (panels/${kind}/); choose another name, or change that kind in its folder`,
    );
  }
  const folder = path.join('panels', kind);
  await mkdir(path.join(root, folder));
  const created: string[] = [];
  for (const [name, text] of Object.entries(panelFiles(kind))) {
    const file = path.join(folder, name);
    const options = await prettier.resolveConfig(path.join(root, file));
    await writeFile(path.join(root, file), await prettier.format(text, { ...options, filepath: file }));
    created.push(file);
  }
  return { created, regenerated: await writePanelIndex(root) };
}

async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const rootFlag = process.argv.indexOf('--root');
  const target = rootFlag === -1 ? root : path.resolve(process.argv[rootFlag + 1] ?? '.');
  const kind = process.argv.slice(2).find((arg, index, args) => !arg.startsWith('--') && args[index - 1] !== '--root');
  try {
    const { created, regenerated } = await newPanel(target, kind);
    console.log(`Created panel kind '${kind}':`);
    for (const file of created) console.log(`  + ${file}`);
    for (const file of regenerated) console.log(`  ~ ${file} (generated)`);
    console.log(
      `Next: place it in a layout (layouts/<report>.json): a panel { "kind": "${kind}", "title": …, "query": <a query whose "answer" is ${STARTER_ANSWER}>, "options": { "field": … } } and its placement; npm run layouts:check. To show another answer, change ${STARTER_ANSWER} in its model.ts and options.ts.`,
    );
  } catch (error) {
    if (!(error instanceof NewPanelError)) throw error;
    console.error(`new:panel: ${error.message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
