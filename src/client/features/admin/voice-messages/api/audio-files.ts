import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import {
  audioFilesSchema,
  audioUploadResponseSchema,
  type AudioFiles,
  type VoiceMessageType,
} from '~/shared/voice-messages';
import { sendFormData } from '../../lib/send-form-data';

/** GET /api/audio/files: each message's recording when custom, else null (the default plays). */
export const audioFilesQueryKey = ['/api/audio/files'] as const;

export const audioFilesQueryOptions = queryOptions({
  queryKey: audioFilesQueryKey,
  queryFn: async (): Promise<AudioFiles> =>
    audioFilesSchema.parse(await apiRequest<unknown>('GET', audioFilesQueryKey[0])),
});

export function useAudioFiles() {
  return useQuery(audioFilesQueryOptions);
}

/** POST /api/audio/upload: multipart `audio` and `type`; the server decides by content whether it plays. */
export async function uploadAudio(input: { type: VoiceMessageType; file: File }) {
  const body = new FormData();
  body.append('type', input.type);
  body.append('audio', input.file);
  return audioUploadResponseSchema.parse(await sendFormData('/api/audio/upload', body));
}

export function useUploadAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAudio,
    onSettled: () => queryClient.invalidateQueries({ queryKey: audioFilesQueryKey }),
  });
}

/** DELETE /api/audio/{type}: back to the default message. */
export function useRemoveAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (type: VoiceMessageType) => apiRequest<unknown>('DELETE', `/api/audio/${type}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: audioFilesQueryKey }),
  });
}
