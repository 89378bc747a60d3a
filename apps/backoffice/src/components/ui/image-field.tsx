import './image-field.css';
import { rewardImagePath, rewardImageResponseSchema, rewardRequestSchema } from '@app/contracts/admin';
import { REWARD_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, apiRequest } from '@/lib/api-client';

const IMAGE_MB_MAX = REWARD_IMAGE_BYTES_MAX / (1024 * 1024);
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

/** A file name the server would take as an image (a reward's, a promotion's), so the preview only asks for real candidates. */
export function isImageName(name: string | null | undefined): name is string {
  return rewardRequestSchema.shape.imageUrl.safeParse(name).success;
}

/** Uploads a PNG or JPEG; the answer is the file name (content hash + extension) to store. */
export function useUploadImage() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiRequest(ADMIN_PATHS.rewardImage, { method: 'POST', body: form, schema: rewardImageResponseSchema });
    },
  });
}

type ImageFieldProps = {
  /** The image's file name, as stored ('' for none). */
  value: string;
  onChange: (name: string) => void;
  /** The form's own message for the file name, if it refuses it. */
  error?: string | undefined;
  /** The label of the file-name box (what the image is for). */
  nameLabel?: string;
  nameHint?: string;
  /** The preview's alternative text (what the image is of). */
  previewLabel?: string;
};

/**
 * An image for what players see (a reward, a promotion): a file picker that
 * uploads the chosen PNG or JPEG at once and fills in the file name, the
 * file name itself (an image already on the server will do), and a preview
 * of what players will see. Uploaded and bundled images share one address.
 */
export function ImageField({ value, onChange, error, nameLabel, nameHint, previewLabel }: ImageFieldProps) {
  const { t } = useTranslation();
  const ids = { file: useId(), url: useId() };
  const upload = useUploadImage();
  const [fileProblem, setFileProblem] = useState<string | undefined>();

  function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    upload.reset();
    setFileProblem(undefined);
    if (!file) return;
    // A quick courtesy check; the server decides by the bytes whatever the browser says the type is.
    if (file.size > REWARD_IMAGE_BYTES_MAX) {
      setFileProblem(t('settings.imageTooLarge', { mb: IMAGE_MB_MAX }));
      return;
    }
    if (file.type && !IMAGE_TYPES.includes(file.type)) {
      setFileProblem(t('settings.imageTypeInvalid'));
      return;
    }
    upload.mutate(file, { onSuccess: ({ data }) => onChange(data.imageUrl) });
  }

  const uploadError = fileProblem ?? (upload.error instanceof ApiError ? upload.error.serverMessage : undefined);
  return (
    <div className="image-field">
      <div className="image-field__fields">
        <FormField
          id={ids.file}
          label={t('settings.imageFile')}
          hint={t('settings.imageFileHint', { mb: IMAGE_MB_MAX })}
          error={uploadError || (upload.isError ? t('common.requestFailed') : undefined)}
        >
          <input
            id={ids.file}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            onChange={onFile}
            aria-invalid={uploadError || upload.isError ? true : undefined}
            aria-describedby={uploadError || upload.isError ? `${ids.file}-error` : undefined}
          />
        </FormField>
        {upload.isPending && <Spinner label={t('settings.uploading')} />}
        {upload.isSuccess && <Alert tone="success">{t('settings.uploaded')}</Alert>}
        <FormField
          id={ids.url}
          label={nameLabel ?? t('settings.imageUrl')}
          hint={nameHint ?? t('settings.imageUrlHint')}
          error={error}
        >
          <input
            id={ids.url}
            autoComplete="off"
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.url}-error` : undefined}
          />
        </FormField>
      </div>
      <figure className="image-field__figure">
        {isImageName(value) ? (
          <img
            className="image-field__preview"
            src={rewardImagePath(value)}
            alt={previewLabel ?? t('settings.imagePreview')}
          />
        ) : (
          <p className="muted">{t('settings.noImage')}</p>
        )}
      </figure>
    </div>
  );
}
