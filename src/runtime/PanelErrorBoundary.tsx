import { Component, type ReactNode } from 'react';
import { isChunkLoadError } from '../shared/retry-import.ts';
import { PanelFrame } from './PanelFrame.tsx';

/** How long a panel whose code could not be fetched shows its error state before it tries again. */
export const PANEL_CHUNK_RETRY_MS = 30_000;

interface PanelErrorBoundaryProps {
  title: string;
  children: ReactNode;
  /** Wait before a panel whose chunk failed to load renders again (test seam); default PANEL_CHUNK_RETRY_MS. */
  chunkRetryMs?: number;
  /** A new value (the panel's filters) renders a broken panel again; a working panel stays mounted. */
  resetKey?: string;
}

interface PanelErrorBoundaryState {
  failed: boolean;
  /** The failure was a chunk that could not be fetched (an outage): the boundary tries again by itself. */
  chunk: boolean;
  /** The `resetKey` this state belongs to. */
  resetKey: string | undefined;
}

/**
 * Keeps one broken panel from taking the report down: it shows the panel's error state instead.
 * Give it a `resetKey` that changes with the panel's filters so a new period retries; a working panel is not mounted
 * anew for it (a `key` would make every chart anew on a filter change, issue #30). A panel whose code could not be
 * fetched (the portal was away, issue #32) also retries by itself after `chunkRetryMs`: the lazy loaders fetch afresh.
 */
export class PanelErrorBoundary extends Component<PanelErrorBoundaryProps, PanelErrorBoundaryState> {
  override state: PanelErrorBoundaryState = { failed: false, chunk: false, resetKey: this.props.resetKey };
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  static getDerivedStateFromError(error: unknown): Partial<PanelErrorBoundaryState> {
    return { failed: true, chunk: isChunkLoadError(error) };
  }

  static getDerivedStateFromProps(
    props: PanelErrorBoundaryProps,
    state: PanelErrorBoundaryState,
  ): Partial<PanelErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, chunk: false, resetKey: props.resetKey };
  }

  override componentDidMount(): void {
    this.retryLater();
  }

  override componentDidUpdate(): void {
    this.retryLater();
  }

  private retryLater(): void {
    if (!this.state.failed || !this.state.chunk || this.retryTimer !== undefined) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.setState({ failed: false, chunk: false });
    }, this.props.chunkRetryMs ?? PANEL_CHUNK_RETRY_MS);
  }

  override componentWillUnmount(): void {
    clearTimeout(this.retryTimer);
  }

  override render(): ReactNode {
    return this.state.failed ? <PanelFrame title={this.props.title} state="error" /> : this.props.children;
  }
}
