import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Stories of panels and runtime/app components; built with the project's vite.config.ts.
 * addon-vitest turns every story into a test of the `storybook` Vitest project (vitest.config.ts).
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../panels/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  addons: ['@storybook/addon-vitest'],
  core: { disableTelemetry: true },
};

export default config;
