/**
 * The panel SDK's options part: each kind's options.ts builds its schema here, so every kind's options are closed the
 * same way. React-free (node reads it through the kinds' index.ts: `npm run panels:index`, the layout validator).
 */
import { Type, type TEnum, type TObject, type TProperties, type TUnsafe } from 'typebox';
import { layoutTextSchema } from '../shared/layout/layout-text.ts';

/** What a kind says of its options: the title editors show ('Goals options') and what the kind draws with them. */
export interface PanelOptionsText {
  title: string;
  description: string;
}

/**
 * The options of a kind (a layout's `panels.<id>.options`): an object of `properties` (none: a kind without options),
 * no other option allowed, so the layout validator reports a misspelt one by its pointer. `npm run panels:index` writes
 * it into schemas/report-layout.schema.json, where editors complete and describe the options.
 */
export function panelOptionsSchema<Properties extends TProperties = Record<never, never>>(
  text: PanelOptionsText,
  properties: Properties = {} as Properties,
): TObject<Properties> {
  return Type.Object(properties, { ...text, additionalProperties: false });
}

/**
 * An option that is a text: words, or `{ "key": "layouts.<report>.<name>" }` (docs/layout-authoring.md "Texts and
 * languages"). Its type is `string`, what the panel receives: the runtime replaces every key by the words of the user's
 * language before a panel sees its options (src/shared/layout/layout-text.ts `resolveLayoutTexts`).
 */
export function layoutText(description?: string): TUnsafe<string> {
  return Type.Unsafe<string>(layoutTextSchema(description));
}

/**
 * An option that picks one of a few named values, each with what it draws: the description lists them ('identity: the
 * printer's picture and facts; kpis: …'), so editors explain every choice, and the layout validator reports any other
 * value with the closest one.
 */
export function choiceOption<Value extends string>(meanings: Readonly<Record<Value, string>>): TEnum<Value[]> {
  const values = Object.keys(meanings) as Value[];
  const description = `${values.map((value) => `${value}: ${meanings[value]}`).join('; ')}.`;
  return Type.Enum(values, { description });
}
