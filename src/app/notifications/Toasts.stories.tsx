import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import axe from 'axe-core';
import { Toast } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { expect, waitFor } from 'storybook/test';
import './toast-host.css';

/** One toast of each severity PrimeReact draws (the app raises error, warn and success; info is the fourth). */
const MESSAGES = [
  {
    severity: 'error',
    detail: 'API: Error while trying to access the server, please try again or open support request',
  },
  { severity: 'warn', detail: 'The picture is larger than 100 KB' },
  { severity: 'info', detail: 'A new version of the portal is installed' },
  { severity: 'success', detail: 'Goal saved' },
] as const;

/** The toast host's Toast (bottom centre) and stylesheet, showing MESSAGES while it is mounted. */
function Toasts() {
  const toast = useRef<Toast>(null);
  useEffect(() => {
    toast.current?.show(MESSAGES.map((message) => ({ ...message, sticky: true })));
  }, []);
  return <Toast ref={toast} position="bottom-center" />;
}

/** Until no finite animation or transition runs: a toast fading in has its colours blended with the page's. */
async function animationsFinished(): Promise<void> {
  await waitFor(() =>
    expect(
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    ).toBe(true),
  );
}

/** axe's colour-contrast rule over the toasts (PrimeReact puts them in the document's body, outside the canvas). */
async function expectReadableToasts(): Promise<void> {
  await waitFor(() => expect(document.querySelectorAll('.p-toast-message')).toHaveLength(MESSAGES.length));
  await animationsFinished();
  const results = await axe.run(document.querySelector('.p-toast') ?? document, { runOnly: ['color-contrast'] });
  const judged = (nodes: axe.NodeResult[]) => nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary}`);
  await expect(judged(results.violations.flatMap((violation) => violation.nodes))).toEqual([]);
  // A node axe could not judge (a background it cannot tell) would pass unseen: none may be.
  await expect(judged(results.incomplete.flatMap((result) => result.nodes))).toEqual([]);
  await expect(results.passes.flatMap((pass) => pass.nodes).length).toBeGreaterThanOrEqual(MESSAGES.length);
}

/**
 * The app's toasts (src/app/notifications/ToastHost.tsx) must read at 4.5:1 wherever they float: PrimeReact's Lara
 * toasts are translucent, with mid-tone text (#ff5757 on its pink: 2.7:1 on a light page, 1.4:1 over the Live
 * Dashboard's dark panels).
 */
const meta = {
  title: 'App/Toasts',
  component: Toasts,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toasts>;

export default meta;

type Story = StoryObj<typeof meta>;

/** The page's background behind the toasts, filling the viewport. */
const onBackground =
  (background: string): Decorator =>
  (Story) => (
    <div style={{ minHeight: '100vh', background }}>
      <Story />
    </div>
  );

/** Over a report page's light background. */
export const OnALightPage: Story = {
  decorators: [onBackground('var(--page-bg)')],
  play: expectReadableToasts,
};

/** Over the Live Dashboard's dark panels (a TV in kiosk mode). */
export const OverTheLiveDashboard: Story = {
  decorators: [onBackground('#111827')],
  play: expectReadableToasts,
};
