import { ProgressSpinner } from 'primereact/progressspinner';
import './pages.css';

/** Full-area spinner with a visible text (also what screen readers announce). */
export function LoadingScreen({ text = 'Loading...' }: { text?: string }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <ProgressSpinner className="loading-screen__spinner" strokeWidth="4" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}
