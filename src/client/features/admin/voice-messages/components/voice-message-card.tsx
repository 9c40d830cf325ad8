import { Music, Pause, Play, RotateCcw, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { errorMessage } from '../../lib/server-errors';
import {
  VOICE_AUDIO_ACCEPT,
  VOICE_AUDIO_MAX_BYTES,
  voiceMessageLabels,
  voiceMessageMessages as vm,
  type VoiceMessageType,
} from '~/shared/voice-messages';
import { useUploadAudio } from '../api/audio-files';

const WHEN: Record<VoiceMessageType, string> = {
  welcome: 'The first thing callers hear when they ring the business number.',
  voicemail: 'Played when nobody answers in time, just before callers leave a message.',
  hold: 'Plays while callers wait for a member of staff, over and over.',
};

/**
 * One voice message (SPEC section 2): where it comes from now (a custom recording or the default),
 * Play, Remove (back to the default) and upload. The browser's check of the file (an audio type,
 * at most 10 MB) only saves a wasted upload: the server decides by the file's content.
 */
export function VoiceMessageCard({
  type,
  customUrl,
  defaultText,
  onRemove,
}: {
  type: VoiceMessageType;
  /** The recording's address when custom; null while the default plays. */
  customUrl: string | null;
  /** What Twilio says by default; null for the hold music. */
  defaultText: string | null;
  onRemove: (type: VoiceMessageType) => void;
}) {
  const label = voiceMessageLabels[type];
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAudio();

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again after a failure
    if (!file) return;
    if (!file.type.startsWith('audio/')) {
      toast({ title: vm.invalidType, description: vm.invalidTypeDetail, variant: 'destructive' });
      return;
    }
    if (file.size > VOICE_AUDIO_MAX_BYTES) {
      toast({ title: vm.tooLarge, description: vm.tooLargeDetail, variant: 'destructive' });
      return;
    }
    try {
      await upload.mutateAsync({ type, file });
      toast({ title: vm.uploaded, description: vm.uploadedDetail(type) });
    } catch (error) {
      toast({
        title: vm.uploadFailed,
        description: errorMessage(error, vm.uploadFailedDetail),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className="h-full">
      <Card className="flex h-full flex-col gap-4 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold text-brand-950">
              {label} message
            </h2>
            <p className="mt-1 text-sm text-muted">{WHEN[type]}</p>
          </div>
          <Badge variant={customUrl ? 'success' : 'neutral'}>{customUrl ? 'Custom recording' : 'Default'}</Badge>
        </div>

        <div className="grow rounded-lg border border-line bg-surface px-3 py-2.5 text-sm">
          {customUrl ? (
            <p>Callers hear your uploaded recording.</p>
          ) : defaultText ? (
            <>
              <p className="font-medium text-brand-950">Text-to-speech (a British English voice):</p>
              <p className="mt-1 text-muted">“{defaultText}”</p>
            </>
          ) : (
            <p className="flex items-center gap-2">
              <Music aria-hidden="true" className="size-4 shrink-0" />
              Twilio&rsquo;s classical hold music.
            </p>
          )}
        </div>

        <div className="flex flex-wrap gap-2">
          <PlayButton label={label} url={customUrl} text={customUrl ? null : defaultText} />
          <input
            ref={fileInput}
            type="file"
            accept={VOICE_AUDIO_ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void chooseFile(event)}
          />
          <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => fileInput.current?.click()}>
            {upload.isPending ? <Spinner /> : <Upload aria-hidden="true" />}
            {upload.isPending ? 'Uploading…' : customUrl ? 'Replace recording' : 'Upload recording'}
            <span className="sr-only"> for the {label.toLowerCase()} message</span>
          </Button>
          {customUrl ? (
            <Button variant="outline" size="sm" onClick={() => onRemove(type)}>
              <RotateCcw aria-hidden="true" />
              Remove
              <span className="sr-only"> the {label.toLowerCase()} recording</span>
            </Button>
          ) : null}
        </div>
      </Card>
    </section>
  );
}

/**
 * Plays the recording, or reads the default text with the browser's own British voice (a preview:
 * callers hear Twilio's). Nothing to play for the default hold music, which Twilio hosts.
 */
function PlayButton({ label, url, text }: { label: string; url: string | null; text: string | null }) {
  const [playing, setPlaying] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  const canSpeak = typeof window !== 'undefined' && 'speechSynthesis' in window;

  useEffect(
    () => () => {
      audio.current?.pause();
      if (canSpeak) window.speechSynthesis.cancel();
    },
    [canSpeak],
  );

  if (!url && !(text && canSpeak)) return null;

  const stop = () => {
    audio.current?.pause();
    if (canSpeak) window.speechSynthesis.cancel();
    setPlaying(false);
  };

  const play = () => {
    if (url) {
      audio.current ??= new Audio();
      audio.current.src = url;
      audio.current.onended = () => setPlaying(false);
      audio.current.onerror = () => {
        setPlaying(false);
        toast({ title: 'Could not play the recording', variant: 'destructive' });
      };
      void audio.current.play().catch(() => setPlaying(false));
    } else if (text) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = 'en-GB';
      utterance.onend = () => setPlaying(false);
      window.speechSynthesis.speak(utterance);
    }
    setPlaying(true);
  };

  return (
    <Button variant="outline" size="sm" onClick={playing ? stop : play} aria-pressed={playing}>
      {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      {playing ? 'Stop' : 'Play'}
      <span className="sr-only"> the {label.toLowerCase()} message</span>
    </Button>
  );
}
