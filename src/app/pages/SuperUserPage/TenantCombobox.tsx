import { useEffect, useId, useState, type JSX, type KeyboardEvent } from 'react';
import type { TenantOption } from '../../../shared/contract/super-users.contract.ts';

export interface TenantComboboxProps {
  inputId: string;
  placeholder: string;
  text: string;
  suggestions: readonly TenantOption[];
  /** Names the list of suggestions for assistive technology. */
  listLabel: string;
  disabled: boolean;
  onTextChange: (text: string) => void;
  onSelect: (tenant: TenantOption) => void;
}

/**
 * A text box with autocomplete suggestions (WAI-ARIA combobox with a listbox popup; spec shell §2 "Super-user tenant
 * picker"): the list opens when suggestions arrive; arrow down and up move through it, Enter selects the active one,
 * Escape closes it; a press of the pointer selects too. The list is at most 200 px high and scrolls (spec shell §9).
 */
export function TenantCombobox(props: TenantComboboxProps): JSX.Element {
  const { inputId, placeholder, text, suggestions, listLabel, disabled, onTextChange, onSelect } = props;
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [shown, setShown] = useState(suggestions);

  // New suggestions open the list with none active yet; none close it.
  if (shown !== suggestions) {
    setShown(suggestions);
    setOpen(suggestions.length > 0);
    setActive(-1);
  }

  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;

  const select = (tenant: TenantOption) => {
    onSelect(tenant);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = suggestions.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        if (last < 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((index) => (!expanded || index >= last ? 0 : index + 1));
        return;
      case 'ArrowUp':
        if (last < 0) return;
        event.preventDefault();
        setOpen(true);
        setActive((index) => (!expanded || index <= 0 ? last : index - 1));
        return;
      case 'Enter': {
        const tenant = expanded ? suggestions[active] : undefined;
        if (tenant === undefined) return;
        event.preventDefault();
        select(tenant);
        return;
      }
      case 'Escape':
        if (!expanded) return;
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        return;
    }
  };

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  return (
    <div className="tenant-combobox">
      <input
        id={inputId}
        className="p-inputtext tenant-combobox__input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder={placeholder}
        value={text}
        disabled={disabled}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(suggestions.length > 0)}
      />
      <ul id={listId} role="listbox" aria-label={listLabel} className="tenant-combobox__list" hidden={!expanded}>
        {suggestions.map((tenant, index) => (
          <li
            key={tenant.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="tenant-combobox__option"
            // On press, not click: the focus stays in the text box, whose blur would close the list first.
            onMouseDown={(event) => {
              event.preventDefault();
              select(tenant);
            }}
          >
            {tenant.name}
          </li>
        ))}
      </ul>
    </div>
  );
}
