// The files `npm run new:panel -- <kind>` writes into panels/<kind>/: a working starter kind that shows one number of
// its query's answer (STARTER_ANSWER; change it in model.ts and options.ts for another). Each file passes
// lint, typecheck and its tests as written (scripts/panels/new-panel.test.ts).
import { ANSWER_SCHEMAS } from '../../src/shared/contract/answer-schemas.ts';
import { pascalCaseOf } from './kind-names.ts';

/** The answer a new kind accepts: the overview's goals (layouts/overview.json's 'achievements' query). */
export const STARTER_ANSWER = 'Achievements';

/** The starter answer's properties that are always a number: the values of the options' `field` enum (options.ts). */
export function starterNumberFields(): string[] {
  const properties = Object.entries(ANSWER_SCHEMAS[STARTER_ANSWER].properties);
  const isNumber = (schema: object) => 'type' in schema && (schema.type === 'number' || schema.type === 'integer');
  return properties.filter(([, schema]) => isNumber(schema)).map(([name]) => name);
}

/** 'systems-table' → 'Systems table': the kind's title in catalogues and Storybook. */
export function titleOf(kind: string): string {
  const words = kind.replaceAll('-', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'systems-table' → 'SYSTEMS_TABLE': the prefix of the kind's fixture constants. */
function constantCaseOf(kind: string): string {
  return kind.replaceAll('-', '_').toUpperCase();
}

/** File name (relative to panels/<kind>/) → content, for a new kind. */
export function panelFiles(kind: string): Record<string, string> {
  const name = pascalCaseOf(kind);
  const component = `${name}Panel`;
  const title = titleOf(kind);
  const fixtures = constantCaseOf(kind);
  const select = `select${name}`;
  const format = `format${name}Value`;
  const answers = `${fixtures}_ANSWERS`;
  return {
    'index.ts': `import { definePanel } from '../../src/runtime/panel-definition.ts';
import { ${answers}, ${select} } from './model.ts';
import { ${name}OptionsSchema } from './options.ts';

/** The ${kind} kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel({
  kind: '${kind}',
  title: '${title}',
  description: 'One number of the answer with its units.',
  optionsSchema: ${name}OptionsSchema,
  answers: ${answers},
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: ${select},
  load: () => import('./${component}.tsx').then((module) => module.${component}),
});
`,
    'options.ts': `import { Type, type Static } from 'typebox';
import { panelOptionsSchema } from '../../src/runtime/panel-sdk-options.ts';

/** The options of a ${kind} panel (a layout's \`panels.<id>.options\`). */
export const ${name}OptionsSchema = panelOptionsSchema(
  { title: '${title} options', description: 'One number of the answer, abbreviated (12.3k), with its units.' },
  {
    field: Type.Enum(${JSON.stringify(starterNumberFields())}, {
      description: "Property of the query's answer (${STARTER_ANSWER}) holding the number shown.",
    }),
    units: Type.Optional(Type.String({ description: "Units shown after the value, e.g. 'imp'." })),
  },
);

export type ${name}Options = Static<typeof ${name}OptionsSchema>;
`,
    'model.ts': `import type { AnswerOf } from '../../src/shared/api-types.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import type { ${name}Options } from './options.ts';

/** The answers the kind shows (names of ANSWER_SCHEMAS): a layout may bind it only to a query answering one of them. */
export const ${answers} = ['${STARTER_ANSWER}'] as const;

export type ${name}Answer = AnswerOf<(typeof ${answers})[number]>;

/** The answer's properties that hold a number: options.ts's \`field\` enum lists them. */
export type ${name}Field = { [Key in keyof ${name}Answer]-?: ${name}Answer[Key] extends number ? Key : never }[keyof ${name}Answer];

/** What the panel draws. */
export interface ${name}Data {
  value: number;
}

/** The number at \`options.field\` of the answer (the runtime checked the answer against its schema). */
export function ${select}(answer: ${name}Answer, options: ${name}Options): ${name}Data {
  return { value: answer[options.field] };
}

/** The value as the panel shows it: abbreviated (12.3k), followed by the units when the options give them. */
export function ${format}(data: ${name}Data, options: ${name}Options): string {
  const value = abbreviateNumber(data.value);
  return options.units === undefined ? value : \`\${value} \${options.units}\`;
}
`,
    [`${component}.tsx`]: `import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { ${format}, type ${name}Data } from './model.ts';
import type { ${name}Options } from './options.ts';
import './${component}.css';

/** ${title}: draws the selected data and never fetches (the runtime's frame shows the title, loading, empty and error states). */
export function ${component}({ options, data }: PanelProps<${name}Options, ${name}Data>): JSX.Element {
  return (
    <div className="${kind}-panel">
      <p className="${kind}-panel__value">{${format}(data, options)}</p>
    </div>
  );
}
`,
    [`${component}.css`]: `.${kind}-panel {
  display: flex;
  align-items: center;
  justify-content: center;
  height: 100%;
}

.${kind}-panel__value {
  margin: 0;
  font-size: 2rem;
  font-weight: 600;
}
`,
    'fixtures.ts': `import type { ${name}Answer } from './model.ts';
import type { ${name}Options } from './options.ts';

/** Options as a layout gives them. */
export const ${fixtures}_OPTIONS: ${name}Options = { field: 'weekRecord', units: 'imp' };

/** An answer of the kind's query (${STARTER_ANSWER}). */
export const ${fixtures}_ANSWER: ${name}Answer = {
  systemGroup: 'DTG',
  units: 'imp',
  weekStart: '2024-03-04',
  year: 2024,
  weeklyGoal: 50_000,
  weeklyCompleted: 42_850,
  weeklyPercentage: 0.857,
  weeklySegments: 6,
  yearlyGoal: null,
  yearlyCompleted: 1_000_000,
  yearlyPercentage: 0,
  yearlySegments: 0,
  weekRecord: 12_345,
  weeklyForecast: null,
  yearlyForecast: null,
};
`,
    [`${component}.stories.tsx`]: `import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { panelStateStories } from '../../src/runtime/panel-sdk-stories.tsx';
import { ${fixtures}_ANSWER, ${fixtures}_OPTIONS } from './fixtures.ts';
import { ${select} } from './model.ts';
import { ${component} } from './${component}.tsx';

/** The panel in the runtime's frame (the definition's placeholder), its fixture data, and the SDK's state stories. */
const states = panelStateStories(${component}, {
  placeholder: 'card',
  args: {
    options: ${fixtures}_OPTIONS,
    data: ${select}(${fixtures}_ANSWER, ${fixtures}_OPTIONS),
    title: '${title}',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
});

const meta = { title: 'Panels/${title}', ...states.meta } satisfies Meta<typeof ${component}>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = states.Loading;

export const Empty: Story = states.Empty;

export const Error: Story = states.Error;

export const NothingSelected: Story = states.NothingSelected;

export const Data: Story = {
  play: async ({ canvas }) => {
    const panel = canvas.getByRole('region', { name: '${title}' });
    await expect(within(panel).getByText('12.3k imp')).toBeVisible();
  },
};
`,
    [`${component}.test.tsx`]: `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPanel } from '../../src/runtime/panel-sdk-testing.tsx';
import { ${fixtures}_ANSWER, ${fixtures}_OPTIONS } from './fixtures.ts';
import { ${format}, ${select} } from './model.ts';
import { ${component} } from './${component}.tsx';

describe('${component}', () => {
  it('shows the number at the options field with its units', () => {
    const data = ${select}(${fixtures}_ANSWER, ${fixtures}_OPTIONS);
    renderPanel(${component}, { options: ${fixtures}_OPTIONS, data, title: '${title}' });
    expect(screen.getByText('12.3k imp')).toBeDefined();
  });
});

describe('${kind} model', () => {
  it('selects the number at the options field', () => {
    expect(${select}(${fixtures}_ANSWER, { field: 'year' })).toEqual({ value: 2024 });
  });

  it('shows the value without units when the options give none', () => {
    expect(${format}({ value: 1_500_000 }, { field: 'weekRecord' })).toBe('1.5M');
  });
});
`,
  };
}
