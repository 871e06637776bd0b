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
}

/** What `panelStateStories` gives a story file. */
export interface PanelStateStories<Props extends AnyPanelProps> {
  /** The panel in its frame in a phase: `meta.render` is `framed('ready')`; data stories with other wrapping call it. */
  framed(state: PanelState, frame?: StoryFrame<Props>): (args: Props) => JSX.Element;
  Loading: StateStory<Props>;
  Empty: StateStory<Props>;
  Error: StateStory<Props>;
  NothingSelected: StateStory<Props>;
}

/**
 * The framed render and the Loading, Empty, Error and Nothing selected stories of a panel kind (fixtures only, no
 * network), each with a play function that checks what the frame shows in the spec's words (spec reports §2
 * placeholders and empty states, §8 error text):
 *
 *     const states = panelStateStories(GoalsPanel, { placeholder: 'card', drawsOwnTitle: true });
 *     const meta = { title: 'Panels/Goals', component: GoalsPanel, args: {...}, render: states.framed('ready') } satisfies Meta<…>;
 *     export const Loading: Story = states.Loading;  // likewise Empty, Error, NothingSelected
 */
export function panelStateStories<Props extends AnyPanelProps>(
  Panel: ComponentType<Props>,
  defaults: StoryFrame<Props> = {},
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
            <Panel {...args} />
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
    framed,
    Loading: {
      render: framed('loading'),
      play: async ({ canvasElement, args }) => {
        await expect(within(canvasElement).getByRole('status', { name: `Loading ${titleOf(args)}` })).toBeVisible();
      },
    },
    Empty: {
      render: framed('empty'),
      play: async ({ canvasElement }) => {
        // Spec reports §2: 'No data for this period', unless the panel has its own message.
        const message = defaults.emptyState?.message ?? 'No data for this period';
        await expect(within(canvasElement).getByText(message)).toBeVisible();
      },
    },
    Error: {
      render: framed('error'),
      play: async ({ canvasElement }) => {
        await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error loading report data');
      },
    },
    NothingSelected: {
      render: framed('empty', { emptyReason: 'nothingSelected' }),
      play: async ({ canvasElement, args }) => {
        // Spec reports §2: 'Nothing Was Selected' with a list icon for Apollo, otherwise the empty-state icon.
        const canvas = within(canvasElement);
        await expect(canvas.getByText('Nothing Was Selected')).toBeVisible();
        const icon = args.systemGroup === 'Apollo' ? 'List' : 'Empty';
        await expect(canvas.getByRole('img', { name: icon })).toBeVisible();
      },
    },
  };
}
