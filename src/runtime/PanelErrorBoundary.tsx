import { Component, type ReactNode } from 'react';
import { PanelFrame } from './PanelFrame.tsx';

interface PanelErrorBoundaryProps {
  title: string;
  children: ReactNode;
}

interface PanelErrorBoundaryState {
  failed: boolean;
}

/**
 * Keeps one broken panel from taking the report down: it shows the panel's error state instead.
 * Give it a `key` that changes with the panel's filters so a new period retries.
 */
export class PanelErrorBoundary extends Component<PanelErrorBoundaryProps, PanelErrorBoundaryState> {
  override state: PanelErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): PanelErrorBoundaryState {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? <PanelFrame title={this.props.title} state="error" /> : this.props.children;
  }
}
