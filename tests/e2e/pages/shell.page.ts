import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in page shell: header, navigation, avatar menu. */
export class ShellPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  navigation(): Locator {
    return this.page.getByRole('navigation', { name: 'Main navigation' });
  }

  avatarButton(): Locator {
    return this.page.locator('header').getByRole('button', { name: /Avery|Gale|Reed|Sol|Sam|Cece|Suri|Cory/ });
  }

  avatarMenu(): Locator {
    return this.page.locator('#avatar-menu');
  }

  async openAvatarMenu(): Promise<Locator> {
    await this.avatarButton().click();
    const menu = this.avatarMenu();
    await expect(menu).toBeVisible();
    return menu;
  }

  /** Visible top-level entries of the avatar menu, in order, with '---' for the divider. */
  async avatarMenuEntries(): Promise<string[]> {
    const menu = await this.openAvatarMenu();
    const root = menu.locator(':scope > ul, :scope ul').first();
    return root.evaluate((list) =>
      Array.from(list.children)
        .filter((item) => (item as HTMLElement).offsetParent !== null)
        .map((item) =>
          item.getAttribute('role') === 'separator' || item.classList.contains('p-menuitem-separator')
            ? '---'
            : (item.querySelector(':scope > .p-menuitem-content .p-menuitem-text')?.textContent?.trim() ?? ''),
        ),
    );
  }

  /** The header's last update of the selected group ('March 05, 2024, 09:30 am'). */
  lastUpdate(): Locator {
    return this.page.locator('header .app-header__last-update time');
  }

  /** The header's active systems: the active and the total count of '3 of 4 active systems'. */
  async activeSystems(): Promise<{ active: number; total: number }> {
    const text = this.page.locator('header .active-systems');
    await expect(text).toHaveText(/^\d+ of \d+ active systems$/);
    const [active = '', , total = ''] = (await text.innerText()).split(/\s+/);
    return { active: Number(active), total: Number(total) };
  }

  kpiCard(label: string): Locator {
    return this.page.getByRole('group', { name: label });
  }
}
