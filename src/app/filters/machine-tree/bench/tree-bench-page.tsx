import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import 'primeicons/primeicons.css';
import { generatedFleet } from '../../../../shared/systems/generated-fleet.fixture.ts';
import { StandaloneMachineTree } from '../StandaloneMachineTree.tsx';

/** The benchmark's page (`npm run bench -- tree`): a toggle that mounts the tree on a fleet of `?systems=` printers. */
const systems = Number(new URLSearchParams(window.location.search).get('systems') ?? 2000);
const fleet = generatedFleet({ systems });

function TreeBenchPage() {
  const [open, setOpen] = useState(false);
  return (
    <div style={{ width: 280, fontFamily: 'sans-serif' }}>
      <button type="button" onClick={() => setOpen((value) => !value)}>
        Toggle tree
      </button>
      {open && <StandaloneMachineTree data={fleet} listHeight={600} />}
    </div>
  );
}

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(<TreeBenchPage />);
}
