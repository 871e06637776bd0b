// The files `npm run new:panel -- <kind>` writes into panels/<kind>/: a working starter kind that shows one number of
// its query's answer. Each file passes lint, typecheck and its tests as written (scripts/panels/new-panel.test.ts).
import { pascalCaseOf } from './kind-names.ts';

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
  return {
    'index.ts': `import { definePanel } from '../../src/runtime/panel-definition.ts';
import { ${select}, type ${name}Data, type ${name}Options } from './model.ts';
import optionsSchema from './options.schema.json' with { type: 'json' };

/** The ${kind} kind: everything the runtime and the layout validator know about it. */
export const panel = definePanel<${name}Options, ${name}Data>({
  kind: '${kind}',
  title: '${title}',
  description: 'One number of the answer with its units.',
  optionsSchema,
  minSize: { w: 2, h: 3 },
  drawsOwnTitle: false,
  placeholder: 'card',
  selectData: ${select},
  load: () => import('./${component}.tsx').then((module) => module.${component}),
});
`,
    'options.schema.json': `${JSON.stringify(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: `https://fleet-portal.local/panels/${kind}/options.schema.json`,
        title: `${title} options`,
        description: 'One number of the answer, abbreviated (12.3k), with its units.',
        type: 'object',
        additionalProperties: false,
        required: ['field'],
        properties: {
          field: {
            description: 'Property of the query answer holding the number shown; dots reach nested properties.',
            type: 'string',
            minLength: 1,
          },
          units: { description: "Units shown after the value, e.g. 'imp'.", type: 'string' },
        },
      },
      null,
      2,
    )}\n`,
    'model.ts': `import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { valueAt } from '../../src/shared/json/json-value.ts';

/** Options of a ${kind} panel; options.schema.json beside this file is their contract. */
export interface ${name}Options {
  /** Property of the query answer holding the number shown; dots reach nested properties. */
  field: string;
  /** Units shown after the value, e.g. 'imp'. */
  units?: string;
}

/** What the panel draws. */
export interface ${name}Data {
  value: number;
}

/** The number at \`options.field\` of the answer, or null (the panel's empty state) when there is none. */
export function ${select}(response: unknown, options: ${name}Options): ${name}Data | null {
  const value = valueAt(response, options.field);
  return typeof value === 'number' && Number.isFinite(value) ? { value } : null;
}

/** The value as the panel shows it: abbreviated (12.3k), followed by the units when the options give them. */
export function ${format}(data: ${name}Data, options: ${name}Options): string {
  const value = abbreviateNumber(data.value);
  return options.units === undefined ? value : \`\${value} \${options.units}\`;
}
`,
    [`${component}.tsx`]: `import type { JSX } from 'react';
import type { PanelProps } from '../../src/runtime/panel-sdk.ts';
import { ${format}, type ${name}Data, type ${name}Options } from './model.ts';
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
    'fixtures.ts': `import type { ${name}Options } from './model.ts';

/** Options as a layout gives them. */
export const ${fixtures}_OPTIONS: ${name}Options = { field: 'totals.production', units: 'imp' };

/** A query answer holding the number the options point at. */
export const ${fixtures}_ANSWER = { totals: { production: 12_345 } };

/** An answer without it: the panel shows its empty state. */
export const ${fixtures}_EMPTY_ANSWER = { totals: {} };
`,
    [`${component}.stories.tsx`]: `import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PanelFrame, type PanelState } from '../../src/runtime/panel-sdk.ts';
import { ${fixtures}_ANSWER, ${fixtures}_OPTIONS } from './fixtures.ts';
import { ${select}, type ${name}Data } from './model.ts';
import { ${component} } from './${component}.tsx';

type ${name}StoryArgs = Parameters<typeof ${component}>[0];

function dataOf(response: unknown): ${name}Data {
  const data = ${select}(response, ${fixtures}_OPTIONS);
  if (data === null) throw new TypeError('the fixture has no number at the options field');
  return data;
}

/** The panel inside the runtime's frame, as a report shows it in each phase (fixtures only, no network). */
function framed(state: PanelState) {
  function Framed${name}(args: ${name}StoryArgs) {
    return (
      <div style={{ width: args.width, height: args.height }}>
        <PanelFrame title={args.title} state={state} placeholder="card">
          <${component} {...args} />
        </PanelFrame>
      </div>
    );
  }
  return Framed${name};
}

const meta = {
  title: 'Panels/${title}',
  component: ${component},
  args: {
    options: ${fixtures}_OPTIONS,
    data: dataOf(${fixtures}_ANSWER),
    title: '${title}',
    systemGroup: 'DTG',
    width: 320,
    height: 144,
  },
  render: framed('ready'),
} satisfies Meta<typeof ${component}>;

export default meta;

type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  render: framed('loading'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status', { name: 'Loading ${title}' })).toBeVisible();
  },
};

export const Empty: Story = {
  render: framed('empty'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for this period')).toBeVisible();
  },
};

export const Error: Story = {
  render: framed('error'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
  },
};

export const Data: Story = {
  play: async ({ canvasElement }) => {
    const panel = within(canvasElement).getByRole('region', { name: '${title}' });
    await expect(within(panel).getByText('12.3k imp')).toBeVisible();
  },
};
`,
    [`${component}.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ${fixtures}_ANSWER, ${fixtures}_EMPTY_ANSWER, ${fixtures}_OPTIONS } from './fixtures.ts';
import { ${format}, ${select} } from './model.ts';
import { ${component} } from './${component}.tsx';

describe('${component}', () => {
  it('shows the number at the options field with its units', () => {
    const data = ${select}(${fixtures}_ANSWER, ${fixtures}_OPTIONS);
    if (data === null) throw new Error('the fixture has no number at the options field');
    render(
      <${component} options={${fixtures}_OPTIONS} data={data} title="${title}" systemGroup="DTG" width={320} height={144} />,
    );
    expect(screen.getByText('12.3k imp')).toBeDefined();
  });
});

describe('${kind} model', () => {
  it('selects nothing (the empty state) when the answer has no number there', () => {
    expect(${select}(${fixtures}_EMPTY_ANSWER, ${fixtures}_OPTIONS)).toBeNull();
    expect(${select}({ totals: { production: 'many' } }, ${fixtures}_OPTIONS)).toBeNull();
    expect(${select}(null, ${fixtures}_OPTIONS)).toBeNull();
  });

  it('shows the value without units when the options give none', () => {
    expect(${format}({ value: 1_500_000 }, { field: 'total' })).toBe('1.5M');
  });
});
`,
  };
}
