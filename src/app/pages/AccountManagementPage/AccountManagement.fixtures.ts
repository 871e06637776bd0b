import type { ScopeData } from '../../../api/scope-data.ts';
import type { ListedUser } from '../../../shared/contract/users.contract.ts';

/** Users and scope of the stories: the root admin, an admin, a goals setter on one site, a scheduler on two systems. */
const base = {
  isRootUser: false,
  isShadowUser: false,
  profilePictureUrl: null,
  customerIds: [],
  siteIds: [],
  systemIds: [],
  localeCode: 'en-US',
};

export const FIXTURE_USERS: ListedUser[] = [
  {
    ...base,
    id: 'user-admin',
    firstname: 'Avery',
    lastname: 'Admin',
    email: 'admin@northwind.demo',
    permissions: ['admin', 'goals-setter', 'email-scheduler', 'api-user', 'certificate-enabled'],
    isRootUser: true,
  },
  {
    ...base,
    id: 'user-oliver',
    firstname: 'Oliver',
    lastname: 'Manager',
    email: 'oliver@northwind.demo',
    permissions: ['admin', 'email-scheduler'],
    customerIds: ['cust-east'],
  },
  {
    ...base,
    id: 'user-marta',
    firstname: 'Marta',
    lastname: 'Lopez',
    email: 'marta@northwind.demo',
    permissions: ['goals-setter', 'email-scheduler'],
    siteIds: ['site-hall-2'],
  },
  {
    ...base,
    id: 'user-sam',
    firstname: 'Sam',
    lastname: 'Scheduler',
    email: 'sam@northwind.demo',
    permissions: ['email-scheduler'],
    systemIds: ['sys-1', 'sys-2'],
  },
];

const system = (id: string, siteId: string, customerId: string) => ({
  id,
  serialNumber: `DTG-${id.slice(4).padStart(4, '0')}`,
  customerId,
  siteId,
  modelId: 'model-1',
  systemGroup: 'DTG' as const,
  systemNickName: null,
  isEverReported: true,
});

export const FIXTURE_SCOPE: ScopeData = {
  customers: [
    { id: 'cust-east', name: 'Northwind East', importedCustomerId: 'E-1' },
    { id: 'cust-west', name: 'Northwind West', importedCustomerId: 'W-1' },
  ],
  sites: [
    { id: 'site-hall-1', name: 'Hall 1', customerId: 'cust-east', timeZone: 'Europe/Berlin' },
    { id: 'site-hall-2', name: 'Hall 2', customerId: 'cust-east', timeZone: 'Europe/Berlin' },
    { id: 'site-depot', name: 'Depot', customerId: 'cust-west', timeZone: 'America/New_York' },
  ],
  systems: [
    system('sys-1', 'site-hall-1', 'cust-east'),
    system('sys-2', 'site-hall-1', 'cust-east'),
    system('sys-3', 'site-hall-2', 'cust-east'),
    system('sys-4', 'site-depot', 'cust-west'),
  ],
};
