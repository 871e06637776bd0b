import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type JSX,
  type KeyboardEvent,
  type SyntheticEvent,
} from 'react';
import type { MultiSelect } from 'primereact/multiselect';
import { retryImport } from '../shared/retry-import.ts';
import './panel-sdk-multi-select.css';

export interface ChipMultiSelectProps {
  /** The control's accessible name, e.g. 'Colours'. */
  label: string;
  options: readonly { label: string; value: string }[];
  /** The chosen values, drawn as chips in this order. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** Shown while nothing is chosen. */
  placeholder: string;
  className?: string;
}

type MultiSelectComponent = typeof MultiSelect;

let multiSelect: MultiSelectComponent | null = null;
let loading: Promise<MultiSelectComponent> | null = null;

/** PrimeReact's MultiSelect, fetched once for every picker of the page (and again after a failed fetch). */
function loadMultiSelect(): Promise<MultiSelectComponent> {
  loading ??= retryImport(() => import('primereact/multiselect')).then(
    (module) => (multiSelect = module.MultiSelect),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Keys with which PrimeReact's MultiSelect opens its list from the focused field. */
const OPENING_KEYS = new Set(['ArrowDown', 'Enter', 'NumpadEnter', 'Space']);
const REMOVING_KEYS = new Set(['Enter', 'NumpadEnter', 'Space']);

/**
 * A multi-select drawn as chips: PrimeReact's MultiSelect (display "chip", no select-all). Until its first click or
 * focus, this draws the closed control itself, in PrimeReact's markup and classes (its layout rules in
 * panel-sdk-multi-select.css), and removes a chip as PrimeReact does; then PrimeReact's component takes its place,
 * opened if it was clicked or opened from the keyboard, focused if it had the focus (pointing at it only fetches it).
 * So a report does not load PrimeReact's component base, list and overlay code before someone uses the control
 * (issue #11 budgets).
 */
export function ChipMultiSelect(props: ChipMultiSelectProps): JSX.Element {
  const [Loaded, setLoaded] = useState<MultiSelectComponent | null>(() => multiSelect);
  const loaded = useRef<MultiSelect>(null);
  /** What the loaded component does first: what was asked of the stand-in while it loaded. */
  const next = useRef<'open' | 'focus' | null>(null);
  const request = (then: 'open' | 'focus') => {
    if (then === 'open' || next.current === null) next.current = then;
    loadMultiSelect().then(
      (component) => setLoaded(() => component),
      // Failed past its retries: the stand-in stays, and the next click or focus asks again.
      () => undefined,
    );
  };
  // The focus moves in the commit that swaps them, so no key reaches the page between the stand-in leaving and the loaded
  // field taking over; it stays where it went if it moved on meanwhile.
  useLayoutEffect(() => {
    if (Loaded === null || next.current === null) return;
    if (next.current === 'open' || document.activeElement === document.body) loaded.current?.focus();
  }, [Loaded]);
  // Opened once PrimeReact's component has run its own mount effects.
  useEffect(() => {
    if (Loaded === null) return;
    if (next.current === 'open') loaded.current?.show();
    next.current = null;
  }, [Loaded]);
  if (Loaded === null) return <ClosedMultiSelect {...props} onUse={request} />;
  const { label, options, value, onChange, placeholder, className } = props;
  return (
    <Loaded
      ref={loaded}
      className={className}
      value={value}
      options={[...options]}
      onChange={(event) => onChange(event.value as string[])}
      aria-label={label}
      // Each option (role option, aria-selected) says whether it is chosen; its checkbox box only draws that, and its
      // input (a control nested in the option, without a label) is left out.
      pt={{ checkbox: { input: { hidden: true } } }}
      placeholder={placeholder}
      display="chip"
      showSelectAll={false}
    />
  );
}

interface ClosedMultiSelectProps extends ChipMultiSelectProps {
  /** The control is being used: load PrimeReact's, then open it or focus it. */
  onUse: (then: 'open' | 'focus') => void;
}

/** The closed MultiSelect as PrimeReact draws it (display "chip"), standing in until PrimeReact's has loaded. */
function ClosedMultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  className,
  onUse,
}: ClosedMultiSelectProps): JSX.Element {
  const [focused, setFocused] = useState(false);
  // As PrimeReact's: the list it controls once open (a closed combobox names it though it is not drawn).
  const list = `${useId()}-multi-selectbox`;
  const labelOf = (chosen: string) => options.find((option) => option.value === chosen)?.label ?? chosen;
  const remove = (event: SyntheticEvent, chosen: string) => {
    event.stopPropagation();
    onChange(value.filter((item) => item !== chosen));
  };
  const classes = [
    className,
    'p-multiselect p-component p-inputwrapper p-multiselect-chip',
    focused ? 'p-focus' : undefined,
    value.length > 0 ? 'p-inputwrapper-filled' : undefined,
    focused ? 'p-inputwrapper-focus' : undefined,
  ];
  return (
    // PrimeReact's markup: the field is the hidden combobox input, the rest draws it; clicking anywhere opens the list.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className={classes.filter((name) => name !== undefined).join(' ')}
      aria-label={label}
      // Pointed at: fetched ahead of the click, which then opens it at once (the swap waits for the click: a control
      // replaced between pointer down and up would lose the click).
      onPointerEnter={() => void loadMultiSelect().catch(() => undefined)}
      onClick={() => onUse('open')}
    >
      <div className="p-hidden-accessible">
        <input
          role="combobox"
          aria-expanded="false"
          aria-controls={list}
          tabIndex={0}
          aria-label={label}
          readOnly
          type="text"
          value={value.map(labelOf).join(', ')}
          onFocus={() => {
            setFocused(true);
            onUse('focus');
          }}
          onBlur={() => setFocused(false)}
          onKeyDown={(event: KeyboardEvent) => {
            if (!OPENING_KEYS.has(event.code)) return;
            event.preventDefault();
            onUse('open');
          }}
        />
      </div>
      <div className="p-multiselect-label-container">
        <div className={value.length === 0 ? 'p-multiselect-label p-placeholder' : 'p-multiselect-label'}>
          {value.length === 0
            ? placeholder
            : value.map((chosen, index) => (
                <div key={`${chosen}_${index}`} className="p-multiselect-token">
                  <span className="p-multiselect-token-label">{labelOf(chosen)}</span>
                  <svg
                    width="14"
                    height="14"
                    viewBox="0 0 14 14"
                    fill="none"
                    xmlns="http://www.w3.org/2000/svg"
                    className="p-icon p-multiselect-token-icon"
                    tabIndex={0}
                    onClick={(event) => remove(event, chosen)}
                    onKeyDown={(event) => {
                      if (!REMOVING_KEYS.has(event.code)) return;
                      event.preventDefault();
                      remove(event, chosen);
                    }}
                  >
                    <path fillRule="evenodd" clipRule="evenodd" d={TIMES_CIRCLE} fill="currentColor" />
                  </svg>
                </div>
              ))}
        </div>
      </div>
      <div className="p-multiselect-trigger">
        <svg
          width="14"
          height="14"
          viewBox="0 0 14 14"
          fill="none"
          xmlns="http://www.w3.org/2000/svg"
          className="p-icon p-multiselect-trigger-icon p-c"
        >
          <path d={CHEVRON_DOWN} fill="currentColor" />
        </svg>
      </div>
    </div>
  );
}

/** PrimeReact's TimesCircleIcon and ChevronDownIcon (primereact/icons, MIT), as its MultiSelect draws them. */
const TIMES_CIRCLE =
  'M7 14C5.61553 14 4.26215 13.5895 3.11101 12.8203C1.95987 12.0511 1.06266 10.9579 0.532846 9.67879C0.00303296 8.3997 -0.13559 6.99224 0.134506 5.63437C0.404603 4.2765 1.07129 3.02922 2.05026 2.05026C3.02922 1.07129 4.2765 0.404603 5.63437 0.134506C6.99224 -0.13559 8.3997 0.00303296 9.67879 0.532846C10.9579 1.06266 12.0511 1.95987 12.8203 3.11101C13.5895 4.26215 14 5.61553 14 7C14 8.85652 13.2625 10.637 11.9497 11.9497C10.637 13.2625 8.85652 14 7 14ZM7 1.16667C5.84628 1.16667 4.71846 1.50879 3.75918 2.14976C2.79989 2.79074 2.05222 3.70178 1.61071 4.76768C1.16919 5.83358 1.05367 7.00647 1.27876 8.13803C1.50384 9.26958 2.05941 10.309 2.87521 11.1248C3.69102 11.9406 4.73042 12.4962 5.86198 12.7212C6.99353 12.9463 8.16642 12.8308 9.23232 12.3893C10.2982 11.9478 11.2093 11.2001 11.8502 10.2408C12.4912 9.28154 12.8333 8.15373 12.8333 7C12.8333 5.45291 12.2188 3.96918 11.1248 2.87521C10.0308 1.78125 8.5471 1.16667 7 1.16667ZM4.66662 9.91668C4.58998 9.91704 4.51404 9.90209 4.44325 9.87271C4.37246 9.84333 4.30826 9.8001 4.2544 9.74557C4.14516 9.6362 4.0838 9.48793 4.0838 9.33335C4.0838 9.17876 4.14516 9.0305 4.2544 8.92113L6.17553 7L4.25443 5.07891C4.15139 4.96832 4.09529 4.82207 4.09796 4.67094C4.10063 4.51982 4.16185 4.37563 4.26872 4.26876C4.3756 4.16188 4.51979 4.10066 4.67091 4.09799C4.82204 4.09532 4.96829 4.15142 5.07887 4.25446L6.99997 6.17556L8.92106 4.25446C9.03164 4.15142 9.1779 4.09532 9.32903 4.09799C9.48015 4.10066 9.62434 4.16188 9.73121 4.26876C9.83809 4.37563 9.89931 4.51982 9.90198 4.67094C9.90464 4.82207 9.84855 4.96832 9.74551 5.07891L7.82441 7L9.74554 8.92113C9.85478 9.0305 9.91614 9.17876 9.91614 9.33335C9.91614 9.48793 9.85478 9.6362 9.74554 9.74557C9.69168 9.8001 9.62748 9.84333 9.55669 9.87271C9.4859 9.90209 9.40996 9.91704 9.33332 9.91668C9.25668 9.91704 9.18073 9.90209 9.10995 9.87271C9.03916 9.84333 8.97495 9.8001 8.9211 9.74557L6.99997 7.82444L5.07884 9.74557C5.02499 9.8001 4.96078 9.84333 4.88999 9.87271C4.81921 9.90209 4.74326 9.91704 4.66662 9.91668Z';
const CHEVRON_DOWN =
  'M7.01744 10.398C6.91269 10.3985 6.8089 10.378 6.71215 10.3379C6.61541 10.2977 6.52766 10.2386 6.45405 10.1641L1.13907 4.84913C1.03306 4.69404 0.985221 4.5065 1.00399 4.31958C1.02276 4.13266 1.10693 3.95838 1.24166 3.82747C1.37639 3.69655 1.55301 3.61742 1.74039 3.60402C1.92777 3.59062 2.11386 3.64382 2.26584 3.75424L7.01744 8.47394L11.769 3.75424C11.9189 3.65709 12.097 3.61306 12.2748 3.62921C12.4527 3.64535 12.6199 3.72073 12.7498 3.84328C12.8797 3.96582 12.9647 4.12842 12.9912 4.30502C13.0177 4.48162 12.9841 4.662 12.8958 4.81724L7.58083 10.1322C7.50996 10.2125 7.42344 10.2775 7.32656 10.3232C7.22968 10.3689 7.12449 10.3944 7.01744 10.398Z';
