import { z } from 'zod';
import { commonSettings, portSetting } from '@svc/config';

/** The embedded profile: all five services in one process, data under DATA_DIR. */
export const platformConfigSchema = z.object({
  ...commonSettings,
  PROFILE: z
    .literal('embedded', {
      message: 'the all-in-one platform runs the embedded profile; start each app alone for the distributed one',
    })
    .default('embedded'),
  HOST: z.string().default('127.0.0.1'),
  PORT: portSetting.default(8080),
  DATA_DIR: z.string().default('./.data'),
});

export type PlatformConfig = z.output<typeof platformConfigSchema>;
