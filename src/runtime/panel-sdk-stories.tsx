/**
 * The panel SDK's Storybook part: the stories every kind shows the same way, so a kind's story file holds only its own
 * data stories. Beside panel-sdk.ts rather than in it, so no report bundle loads Storybook's test helpers; in
 * src/runtime because the frame it draws (PanelFrame) is the runtime's and panels import only the SDK (lint).
 */
import type { ComponentType, CSSProperties, JSX, ReactNode } from 'react';
import { expect, within } from 'storybook/test';
import { resolveEmptyState, type EmptyReason, type EmptyState } from '../shared/layout/empty-states.ts';
import type { SystemGroup } from '../shared/system-group.ts';
import { PanelCapabilitiesProvider, type PanelCapabilities } from './panel-capabilities.tsx';
import type { PanelProps } from './panel-definition.ts';
import { PanelFrame, type PanelPlaceholder, type PanelState } from './PanelFrame.tsx';
import './panel-sdk.css';

type AnyPanelProps = PanelProps<unknown, unknown>;

/** How the runtime frames the kind (its definition's `placeholder` and `drawsOwnTitle`), and what the stories wrap it in. */
export interface StoryFrame<Props extends AnyPanelProps> {
  /** Why an empty panel is empty (its message and icon, for the story's system group); default 'noData'. */
  emptyReason?: EmptyReason;
  /** The panel's own no-data message and icon, as its layout panel's `emptyState` gives them (an ink table's tank). */
  emptyState?: EmptyState;
  /** The definition's `titleFor`: a per-group title from the options (a KPI card's label). */
  titleFor?: (options: Props['options'], group: SystemGroup) => string | undefined;
  /** More style for the box of the panel's size (a chart story that adds the title's height). */
  boxStyle?: (args: Props) => CSSProperties;
  /** The definition's placeholder; default 'chart'. */
  placeholder?: PanelPlaceholder;
  /** True for kinds that draw their own title (the definition's `drawsOwnTitle`). */
  drawsOwnTitle?: boolean;
  /** What the panel asks of the app (`usePanelCapabilities`), as fixtures: a download's call, the systems' nicknames. */
  capabilities?: Partial<PanelCapabilities>;
  /** Other providers the panel needs (a selection), around the frame. */
  wrap?: (framed: JSX.Element, args: Props) => ReactNode;
}

/** A story's render and play, as Storybook's CSF takes them. */
interface StateStory<Props> {
  render: (args: Props) => JSX.Element;
  play: (context: { canvasElement: HTMLElement; args: Props }) => Promise<void>;
  /** The same story checking more after its own play: what the kind shows in that state besides the frame's words. */
  and(check: (canvas: ReturnType<typeof within>) => Promise<void>): StateStory<Props>;
}

function stateStory<Props>(render: StateStory<Props>['render'], play: StateStory<Props>['play']): StateStory<Props> {
  return {
    render,
    play,
    and: (check) =>
      stateStory(render, async (context) => {
        await play(context);
        await check(within(context.canvasElement));
      }),
  };
}

/** What a story file gives the kit: the kind's fixture `args` (its data in a cell) and how the runtime frames the kind. */
export interface PanelStoriesSetup<Props extends AnyPanelProps> extends StoryFrame<Props> {
  args: Props;
}

/** A story file's meta as the kit makes it: the file adds its `title` (a literal, for Storybook's indexer) and decorators. */
export interface PanelStoriesMeta<Props extends AnyPanelProps> {
  component: ComponentType<Props>;
  /** The kind's fixture data in its cell, what every story of the file starts from. */
  args: Props;
  /** The panel in its frame, ready (`framed('ready')`). */
  render: (args: Props) => JSX.Element;
}

/** What `panelStateStories` gives a story file. */
export interface PanelStateStories<Props extends AnyPanelProps> {
  /** The meta every story file spreads: `const meta = { title: 'Panels/…', ...states.meta } satisfies Meta<…>`. */
  meta: PanelStoriesMeta<Props>;
  /** The panel in its frame in a phase: `meta.render` is `framed('ready')`; data stories with other wrapping call it. */
  framed(state: PanelState, frame?: StoryFrame<Props>): (args: Props) => JSX.Element;
  Loading: StateStory<Props>;
  Empty: StateStory<Props>;
  Error: StateStory<Props>;
  NothingSelected: StateStory<Props>;
}

/**
 * The meta (the component, its fixture `args`, the framed render) and the Loading, Empty, Error and Nothing selected
 * stories of a panel kind (fixtures only, no network), each with a play function that checks what the frame shows in
 * the spec's words (spec reports §2 placeholders and empty states, §8 error text):
 *
 *     const states = panelStateStories(GoalsPanel, {
 *       placeholder: 'card',
 *       drawsOwnTitle: true,
 *       args: { options: GOALS_OPTIONS, data, title: 'Goals and achievements', systemGroup: 'DTG', width: 420, height: 248 },
 *     });
 *     const meta = { title: 'Panels/Goals', ...states.meta } satisfies Meta<typeof GoalsPanel>;
 *     export const Loading: Story = states.Loading;  // likewise Empty, Error, NothingSelected
 */
export function panelStateStories<Props extends AnyPanelProps>(
  Panel: ComponentType<Props>,
  { args, ...defaults }: PanelStoriesSetup<NoInfer<Props>>,
): PanelStateStories<Props> {
  const { titleFor } = defaults;
  const titleOf = (args: Props) => titleFor?.(args.options, args.systemGroup) ?? args.title;
  function framed(state: PanelState, frame: StoryFrame<Props> = {}) {
    const { placeholder = 'chart', drawsOwnTitle = false, emptyReason = 'noData', ...more } = { ...defaults, ...frame };
    function FramedPanel(args: Props): JSX.Element {
      const panelRule = more.emptyState === undefined ? {} : { panel: more.emptyState };
      const panel = (
        <div style={{ width: args.width, height: args.height, ...more.boxStyle?.(args) }}>
          <PanelFrame
            title={titleOf(args)}
            state={state}
            placeholder={placeholder}
            showTitleWhenReady={!drawsOwnTitle}
            emptyState={resolveEmptyState(emptyReason, args.systemGroup, panelRule)}
          >
            {/* Only a ready frame shows the panel: given while loading, it would be the answer before kept under the placeholder. */}
            {state === 'ready' ? <Panel {...args} /> : undefined}
          </PanelFrame>
        </div>
      );
      const provided =
        more.capabilities === undefined ? (
          panel
        ) : (
          <PanelCapabilitiesProvider capabilities={more.capabilities}>{panel}</PanelCapabilitiesProvider>
        );
      return <>{more.wrap === undefined ? provided : more.wrap(provided, args)}</>;
    }
    return FramedPanel;
  }
  return {
    meta: { component: Panel, args, render: framed('ready') },
    framed,
    Loading: stateStory(framed('loading'), async ({ canvasElement, args }) => {
      await expect(within(canvasElement).getByRole('status', { name: `Loading ${titleOf(args)}` })).toBeVisible();
    }),
    Empty: stateStory(framed('empty'), async ({ canvasElement }) => {
      // Spec reports §2: 'No data for this period', unless the panel has its own message.
      const message = defaults.emptyState?.message ?? 'No data for this period';
      await expect(within(canvasElement).getByText(message)).toBeVisible();
    }),
    Error: stateStory(framed('error'), async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
    }),
    NothingSelected: stateStory(
      framed('empty', { emptyReason: 'nothingSelected' }),
      async ({ canvasElement, args }) => {
        // Spec reports §2: 'Nothing Was Selected' with a list icon for Apollo, otherwise the empty-state icon.
        const canvas = within(canvasElement);
        await expect(canvas.getByText('Nothing Was Selected')).toBeVisible();
        const icon = args.systemGroup === 'Apollo' ? 'List' : 'Empty';
        await expect(canvas.getByRole('img', { name: icon })).toBeVisible();
      },
    ),
  };
}
