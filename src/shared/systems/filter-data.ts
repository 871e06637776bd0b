import type { IsoDate } from '../timeframes/timeframe-dates.ts';

export interface FilterSite {
  id: string;
  name: string;
}

export interface FilterModel {
  id: string;
  name: string;
  siteId: string;
}

export interface FilterSystem {
  id: string;
  /** Serial number. */
  name: string;
  siteId: string;
  modelId: string;
  systemNickName?: string | null;
  isEverReported: boolean;
}

/** Filter data of one system group (spec reports §3), dates already read from yyyyMMdd (empty gives epoch). */
export interface FilterData {
  startDate: IsoDate;
  endDate: IsoDate;
  activeSystems?: string;
  sites: FilterSite[];
  models: FilterModel[];
  systems: FilterSystem[];
}

/** The machine tree's checked ids (spec reports §3 selectedSiteIds, selectedModelIds, selectedSystemSerials). */
export interface Selection {
  siteIds: string[];
  modelIds: string[];
  serials: string[];
}
