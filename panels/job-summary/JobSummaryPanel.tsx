import { useState, type JSX } from 'react';
import { SelectButton } from 'primereact/selectbutton';
import { useLengthUnits, usePanelCapabilities, type PanelProps } from '../../src/runtime/panel-sdk.ts';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import {
  SIZE_RANGES,
  clearPrintModes,
  isSizeSelectable,
  togglePrintMode,
  toggleSize,
  type DtfPage,
  type JobFigures,
  type JobSummaryData,
} from './model.ts';
import type { JobSummaryOptions } from './options.ts';
import './JobSummaryPanel.css';

const DTF_PAGES: { label: string; value: DtfPage }[] = [
  { label: 'By Size', value: 'BySize' },
  { label: 'By Print Type', value: 'ByPrintType' },
];

/** Film length in the user's unit, e.g. '1.2k m' or '1.3k yd'. */
function useFilmLength(): (metres: number) => string {
  const toUserUnits = useLengthUnits();
  return (metres) => {
    const length = toUserUnits({ value: metres, units: 'm' });
    return `${abbreviateNumber(length.value)} ${length.units}`;
  };
}

/** The figures of a card: production (impressions, or film for DTF), share, ink and printing time. */
function Figures({ figures, film }: { figures: JobFigures; film: boolean }): JSX.Element {
  const filmLength = useFilmLength();
  return (
    <dl className="job-summary__figures">
      <div>
        <dt>{film ? 'Film' : 'Impressions'}</dt>
        <dd>{film ? filmLength(figures.filmLength) : abbreviateNumber(figures.numberOfImpressions)}</dd>
      </div>
      <div>
        <dt>Share</dt>
        <dd>{figures.percent}%</dd>
      </div>
      <div>
        <dt>Ink</dt>
        <dd>{abbreviateNumber(figures.totalInk)} ml</dd>
      </div>
      <div>
        <dt>Time</dt>
        <dd>{formatDuration(figures.totalTime)}</dd>
      </div>
    </dl>
  );
}

interface CardProps {
  label: string;
  detail?: string;
  selected: boolean;
  selectable: boolean;
  onToggle: () => void;
  children: JSX.Element;
}

/** A card that toggles its selection (aria-pressed); a card that cannot be selected is disabled. */
function SummaryCard({ label, detail, selected, selectable, onToggle, children }: CardProps): JSX.Element {
  return (
    <button
      type="button"
      className={`job-summary__card${selected ? ' job-summary__card--selected' : ''}`}
      aria-pressed={selected}
      disabled={!selectable}
      onClick={onToggle}
    >
      <span className="job-summary__label">{label}</span>
      {detail !== undefined && <span className="job-summary__detail">{detail}</span>}
      {children}
    </button>
  );
}

/** A card that only shows figures (DTF sizes, the period's total, the film summary). */
function FiguresCard({ label, detail, children }: { label: string; detail?: string; children: JSX.Element }) {
  return (
    <div className="job-summary__card job-summary__card--static" role="group" aria-label={label}>
      <span className="job-summary__label">{label}</span>
      {detail !== undefined && <span className="job-summary__detail">{detail}</span>}
      {children}
    </div>
  );
}

function DtfPrintModes({ data }: { data: JobSummaryData }): JSX.Element {
  const { selection, select } = usePanelCapabilities().useJobSelection();
  return (
    <>
      <div className="job-summary__cards">
        {data.printModes.map((card) => (
          <SummaryCard
            key={card.mode}
            label={card.label}
            selected={selection.printModes.includes(card.mode)}
            selectable
            onToggle={() => select(togglePrintMode(selection, card.mode))}
          >
            <Figures figures={card} film />
          </SummaryCard>
        ))}
      </div>
      <button
        type="button"
        className="job-summary__clear"
        disabled={selection.printModes.length === 0}
        onClick={() => select(clearPrintModes(selection))}
      >
        Clear
      </button>
    </>
  );
}

function DtfFilm({ film }: { film: NonNullable<JobSummaryData['film']> }): JSX.Element {
  const filmLength = useFilmLength();
  return (
    <FiguresCard label="Film summary">
      <dl className="job-summary__figures">
        <div>
          <dt>Film</dt>
          <dd>{filmLength(film.filmLength)}</dd>
        </div>
        <div>
          <dt>Widest film</dt>
          <dd>{film.widestMediaWidthMm === null ? '--' : `${abbreviateNumber(film.widestMediaWidthMm)} mm`}</dd>
        </div>
        <div>
          <dt>Jobs</dt>
          <dd>{abbreviateNumber(film.numberOfJobs)}</dd>
        </div>
        <div>
          <dt>Ink</dt>
          <dd>{abbreviateNumber(film.totalInk)} ml</dd>
        </div>
      </dl>
    </FiguresCard>
  );
}

function DtfSummary({ data, firstPage }: { data: JobSummaryData; firstPage: DtfPage }): JSX.Element {
  const [page, setPage] = useState<DtfPage>(firstPage);
  return (
    <>
      <SelectButton
        className="job-summary__pages"
        value={page}
        options={DTF_PAGES}
        allowEmpty={false}
        aria-label="Job summary page"
        onChange={(event) => setPage(event.value as DtfPage)}
      />
      {page === 'BySize' ? (
        <div className="job-summary__cards">
          {data.sizes.map((card) => (
            <FiguresCard key={card.size} label={card.size} detail={SIZE_RANGES[card.size]}>
              <Figures figures={card} film />
            </FiguresCard>
          ))}
        </div>
      ) : (
        <DtfPrintModes data={data} />
      )}
      {data.film !== null && <DtfFilm film={data.film} />}
    </>
  );
}

/**
 * DTG and Apollo: one card per size category. Apollo's cards carry the impression counts; DTG's show a size's count
 * card and its figures card, a pair that toggles together. A card without impressions cannot be selected.
 */
function SizeSummary({ data, group }: { data: JobSummaryData; group: 'DTG' | 'Apollo' }): JSX.Element {
  const { selection, select } = usePanelCapabilities().useJobSelection();
  const toggle = (size: (typeof data.sizes)[number]['size'], impressions: number) =>
    select(toggleSize(selection, group, size, impressions));
  return (
    <>
      <div className="job-summary__cards">
        {data.sizeCounts.map((card) => (
          <SummaryCard
            key={card.size}
            label={card.size}
            detail={SIZE_RANGES[card.size]}
            selected={selection.sizes.includes(card.size)}
            selectable={isSizeSelectable(group, card.numberOfImpressions)}
            onToggle={() => toggle(card.size, card.numberOfImpressions)}
          >
            <span className="job-summary__count">{abbreviateNumber(card.numberOfImpressions)} imp</span>
          </SummaryCard>
        ))}
      </div>
      {group === 'DTG' && (
        <div className="job-summary__cards">
          {data.sizes.map((card) => (
            <SummaryCard
              key={card.size}
              label={`${card.size} jobs`}
              selected={selection.sizes.includes(card.size)}
              selectable={isSizeSelectable(group, card.numberOfImpressions)}
              onToggle={() => toggle(card.size, card.numberOfImpressions)}
            >
              <Figures figures={card} film={false} />
            </SummaryCard>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The Job summary (spec reports §2, §3, §4): size or print-mode cards whose selection filters the report's per-unit
 * cards and KPIs, the DTF pages and film summary, and the note when size data is missing for part of the period.
 */
export function JobSummaryPanel({
  options,
  data,
  systemGroup,
}: PanelProps<JobSummaryOptions, JobSummaryData>): JSX.Element {
  return (
    <div className="job-summary">
      {data.note !== null && (
        <p className="job-summary__note" role="note">
          <i className="pi pi-info-circle" aria-hidden="true" /> {data.note}
        </p>
      )}
      {systemGroup === 'DTF' ? (
        <DtfSummary data={data} firstPage={options.dtfPage ?? 'BySize'} />
      ) : (
        <SizeSummary data={data} group={systemGroup} />
      )}
    </div>
  );
}
