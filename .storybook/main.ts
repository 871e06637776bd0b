import type { StorybookConfig } from '@storybook/react-vite';

/** Stories of panels and runtime/app components; built with the project's vite.config.ts (layout validation included). */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../panels/**/*.stories.tsx', '../src/**/*.stories.tsx'],
  core: { disableTelemetry: true },
};

export default config;
