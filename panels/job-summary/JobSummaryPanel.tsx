import { useState, type JSX } from 'react';
import {
  PanelFactList,
  useLengthUnits,
  usePanelCapabilities,
  useTranslation,
  type PanelProps,
  type PanelT,
} from '../../src/runtime/panel-sdk.ts';
import { ToggleButtons } from '../../src/runtime/panel-sdk-toggle.tsx';
import { abbreviateNumber } from '../../src/shared/format/abbreviate-number.ts';
import { formatDuration } from '../../src/shared/format/duration.ts';
import type { JobSize } from '../../src/shared/jobs/job-categories.ts';
import {
  clearPrintModes,
  printTypeLabel,
  isSizeSelectable,
  togglePrintMode,
  toggleSize,
  type DtfPage,
  type JobFigures,
  type JobSummaryData,
} from './model.ts';
import type { JobSummaryOptions } from './options.ts';
import './JobSummaryPanel.css';

const DTF_PAGES: readonly DtfPage[] = ['BySize', 'ByPrintType'];

/** Film length in the user's unit, e.g. '1.2k m' or '1.3k yd'. */
function useFilmLength(): (metres: number) => string {
  const toUserUnits = useLengthUnits();
  return (metres) => {
    const length = toUserUnits({ value: metres, units: 'm' });
    return `${abbreviateNumber(length.value)} ${length.units}`;
  };
}

/** Ink in ml, abbreviated ('5.9k ml'). */
function inkText(ml: number, t: PanelT): string {
  return `${abbreviateNumber(ml)} ${t('panels.units.ml')}`;
}

/** A size card's name and the size range it stands for. */
function sizeHeading(size: JobSize, t: PanelT): { label: string; detail: string } {
  return { label: t(`panels.jobSummary.size.${size}`), detail: t(`panels.jobSummary.sizeRange.${size}`) };
}

/** The figures of a card: production (impressions, or film for DTF), share, ink and printing time. */
function Figures({ figures, film }: { figures: JobFigures; film: boolean }): JSX.Element {
  const { t } = useTranslation();
  const filmLength = useFilmLength();
  return (
    <PanelFactList
      className="job-summary__figures"
      facts={[
        film
          ? { label: t('panels.jobSummary.film'), value: filmLength(figures.filmLength) }
          : { label: t('panels.jobSummary.impressions'), value: abbreviateNumber(figures.numberOfImpressions) },
        { label: t('panels.jobSummary.share'), value: `${figures.percent}%` },
        { label: t('panels.jobSummary.ink'), value: inkText(figures.totalInk, t) },
        { label: t('panels.jobSummary.time'), value: formatDuration(figures.totalTime) },
      ]}
    />
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
  const { t } = useTranslation();
  const { selection, select } = usePanelCapabilities().useJobSelection();
  return (
    <>
      <div className="job-summary__cards">
        {data.printModes.map((card) => (
          <SummaryCard
            key={card.mode}
            label={printTypeLabel(card, t)}
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
        {t('panels.jobSummary.clear')}
      </button>
    </>
  );
}

function DtfFilm({ film }: { film: NonNullable<JobSummaryData['film']> }): JSX.Element {
  const { t } = useTranslation();
  const filmLength = useFilmLength();
  return (
    <FiguresCard label={t('panels.jobSummary.filmSummary')}>
      <PanelFactList
        className="job-summary__figures"
        facts={[
          { label: t('panels.jobSummary.film'), value: filmLength(film.filmLength) },
          {
            label: t('panels.jobSummary.widestFilm'),
            value:
              film.widestMediaWidthMm === null
                ? '--'
                : `${abbreviateNumber(film.widestMediaWidthMm)} ${t('panels.units.mm')}`,
          },
          { label: t('panels.jobSummary.jobs'), value: abbreviateNumber(film.numberOfJobs) },
          { label: t('panels.jobSummary.ink'), value: inkText(film.totalInk, t) },
        ]}
      />
    </FiguresCard>
  );
}

function DtfSummary({ data, firstPage }: { data: JobSummaryData; firstPage: DtfPage }): JSX.Element {
  const { t } = useTranslation();
  const [page, setPage] = useState<DtfPage>(firstPage);
  return (
    <>
      <ToggleButtons
        className="job-summary__pages"
        label={t('panels.jobSummary.pages')}
        options={DTF_PAGES.map((value) => ({ label: t(`panels.jobSummary.page.${value}`), value }))}
        value={page}
        onChange={setPage}
      />
      {page === 'BySize' ? (
        <div className="job-summary__cards">
          {data.sizes.map((card) => (
            <FiguresCard key={card.size} {...sizeHeading(card.size, t)}>
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
  const { t } = useTranslation();
  const { selection, select } = usePanelCapabilities().useJobSelection();
  const toggle = (size: (typeof data.sizes)[number]['size'], impressions: number) =>
    select(toggleSize(selection, group, size, impressions));
  return (
    <>
      <div className="job-summary__cards">
        {data.sizeCounts.map((card) => (
          <SummaryCard
            key={card.size}
            {...sizeHeading(card.size, t)}
            selected={selection.sizes.includes(card.size)}
            selectable={isSizeSelectable(group, card.numberOfImpressions)}
            onToggle={() => toggle(card.size, card.numberOfImpressions)}
          >
            <span className="job-summary__count">
              {abbreviateNumber(card.numberOfImpressions)} {t('panels.units.imp')}
            </span>
          </SummaryCard>
        ))}
      </div>
      {group === 'DTG' && (
        <div className="job-summary__cards">
          {data.sizes.map((card) => (
            <SummaryCard
              key={card.size}
              label={t('panels.jobSummary.sizeJobs', { size: t(`panels.jobSummary.size.${card.size}`) })}
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
  const { t } = useTranslation();
  return (
    <div className="panel-body panel-body--stack job-summary">
      {data.partialData && (
        <p className="job-summary__note" role="note">
          <i className="pi pi-info-circle" aria-hidden="true" /> {t('panels.jobSummary.partialData')}
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
