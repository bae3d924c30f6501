import { lazy } from 'react';

/**
 * Views one feature shows inside another's page. Features never import each other: the app joins
 * them here (apart from the page table, so the entry script does not carry them), and each view's
 * code loads only when it is opened.
 */

/** The files feature's upload into one phone, opened from the phone view's tools (tus and hashing load with it). */
export const PhoneUploadSheet = lazy(() => import('../features/files/components/PhoneUploadSheet'));
