"use client";

import { useEffect, useRef, useState, type DragEvent } from "react";
import formStyles from "@/components/auth/forms.module.css";
import { PHOTO_ERRORS, PHOTO_MAX_BYTES, PHOTO_TYPES } from "@/lib/images/photo-rules";
import styles from "./photo-field.module.css";

/** What the server would refuse the file for, said before it is sent: its size, or a type it names that is none of those taken. */
function refusalOf(file: File): string | null {
  if (file.size > PHOTO_MAX_BYTES) return PHOTO_ERRORS.tooLarge;
  // Some systems give no type (an AVIF on an older OS): the server reads the type from the bytes.
  if (file.type !== "" && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return PHOTO_ERRORS.notAnImage;
  return null;
}

interface PhotoFieldProps {
  /** The ids describing the input: its hint, and its error while one shows. */
  describedBy: string;
  invalid: boolean;
}

/**
 * The product photo's file input inside a drop zone: a file dropped on the
 * zone becomes the input's file, as if chosen, and a small preview shows
 * what was picked. A file the server would refuse for its size or type is
 * said at once and not kept; the server checks every file again, from its
 * bytes (lib/media/photo-encode.ts). Without JavaScript it is a plain file
 * input, posted with the form.
 */
export function PhotoField({ describedBy, invalid }: PhotoFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [over, setOver] = useState(false);

  // The preview's object URL is released when it is replaced and when the field goes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  // A form reset (React resets the form after a successful action) empties the input: the preview goes with it.
  useEffect(() => {
    const form = input.current?.form;
    const cleared = () => {
      setPreview(null);
      setProblem(null);
    };
    form?.addEventListener("reset", cleared);
    return () => form?.removeEventListener("reset", cleared);
  }, []);

  const take = (file: File | undefined) => {
    const refusal = file ? refusalOf(file) : null;
    setProblem(refusal);
    if (refusal && input.current) input.current.value = "";
    setPreview(file && !refusal ? URL.createObjectURL(file) : null);
  };

  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (!file || !input.current) return;
    const chosen = new DataTransfer();
    chosen.items.add(file);
    input.current.files = chosen.files;
    take(file);
  };

  return (
    <div
      className={over ? `${styles.zone} ${styles.over}` : styles.zone}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="photo-drop-zone"
    >
      <div>
        <input
          ref={input}
          id="productPhoto"
          name="productPhoto"
          type="file"
          accept={PHOTO_TYPES.join(",")}
          aria-invalid={invalid || problem !== null}
          aria-describedby={problem ? `${describedBy} productPhoto-problem` : describedBy}
          onChange={(event) => take(event.currentTarget.files?.[0])}
        />
        <p className={styles.zoneText} aria-hidden="true">
          or drop a photo here
        </p>
        {problem ? (
          <p id="productPhoto-problem" role="alert" className={formStyles.fieldError}>
            {problem}
          </p>
        ) : null}
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- a local file's preview (blob: URL), never optimised */}
      {preview ? <img className={styles.preview} src={preview} alt="The chosen photo" width={96} height={96} /> : null}
    </div>
  );
}
