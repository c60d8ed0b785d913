import { lazyComponent } from '~/lib/lazy-component.ts';
import type { AvatarPickerProps } from './avatar-picker.tsx';

/** The settings page's AI 头像, whose code (and its calls) loads beside the page, not in its first load. */
export const AvatarPicker = lazyComponent<AvatarPickerProps>(() =>
  import('./avatar-picker.tsx').then((module) => module.AvatarPicker),
);
