export {
  createPreviewToken,
  previewKey,
  readPreviewToken,
  MAX_PREVIEW_TOKEN_CHARS,
  PREVIEW_TOKEN_SECONDS,
  type PreviewGrant,
  type PreviewToken,
  type PreviewTokenCheck,
} from './preview-token';
