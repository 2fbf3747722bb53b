import {
  createLinkInputSchema,
  createThoughtInputSchema,
  type CreateLinkInput,
  type CreateThoughtInput,
  type UploadResult,
} from '@doppel/contracts';
import { Lightbulb, Link2, Upload } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useCreateLink, useCreateThought, useLinkPreview, useUploadDocuments } from '../api/knowledge-api';
import { addFiles, fileProblem } from '../utils/upload-files';
import { LinkTab } from './link-tab';
import { ThoughtTab } from './thought-tab';
import { UploadTab, type UploadCategory } from './upload-tab';

type AddTab = 'upload' | 'link' | 'thought';
const TABS: Array<{ value: AddTab; icon: typeof Upload }> = [
  { value: 'upload', icon: Upload },
  { value: 'link', icon: Link2 },
  { value: 'thought', icon: Lightbulb },
];

/** Add link: the address, as the contract checks it. */
const linkFormSchema = createLinkInputSchema.pick({ url: true });
type LinkValues = z.input<typeof linkFormSchema>;

/** Add thought: the text, and a name left empty is none (the server names the thought). */
const thoughtFormSchema = z
  .object({ name: z.string(), content: z.string() })
  .transform(({ name, content }): CreateThoughtInput => ({ content, ...(name.trim() ? { name } : {}) }))
  .pipe(createThoughtInputSchema);
type ThoughtValues = z.input<typeof thoughtFormSchema>;

interface AddMaterialDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The add-material modal: upload files, add a link, or write a thought. */
export function AddMaterialDialog({ open, onOpenChange }: AddMaterialDialogProps) {
  const { t } = useTranslation('knowledge');
  const upload = useUploadDocuments();
  const createLink = useCreateLink();
  const createThought = useCreateThought();
  const busy = upload.isPending || createLink.isPending || createThought.isPending;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={t('addDialog.title')}
      description={t('addDialog.description')}
      closeLabel={t('addDialog.close')}
      className="md:max-w-2xl"
    >
      {/* Inside the dialog's content, so every opening starts with an empty form. */}
      <AddMaterialForm
        upload={upload}
        createLink={createLink}
        createThought={createThought}
        busy={busy}
        onClose={() => onOpenChange(false)}
      />
    </FormDialog>
  );
}

function AddMaterialForm({
  upload,
  createLink,
  createThought,
  busy,
  onClose,
}: {
  upload: ReturnType<typeof useUploadDocuments>;
  createLink: ReturnType<typeof useCreateLink>;
  createThought: ReturnType<typeof useCreateThought>;
  busy: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('knowledge');
  const [tab, setTab] = useState<AddTab>('upload');

  const [files, setFiles] = useState<File[]>([]);
  const [dropped, setDropped] = useState(0);
  const [category, setCategory] = useState<UploadCategory>('documents');
  const [results, setResults] = useState<UploadResult['results'] | null>(null);

  // The file picker keeps its own state; the link and the thought are forms of the kit.
  const link = useZodForm<LinkValues, CreateLinkInput>(linkFormSchema, {
    messages: 'knowledgeLink',
    defaultValues: { url: '' },
  });
  const url = useWatch({ control: link.form.control, name: 'url' });
  const preview = useLinkPreview();

  const thought = useZodForm<ThoughtValues, CreateThoughtInput>(thoughtFormSchema, {
    messages: 'knowledgeThought',
    defaultValues: { name: '', content: '' },
  });
  const thoughtContent = useWatch({ control: thought.form.control, name: 'content' });

  const sendable = files.filter((file) => fileProblem(file) === null);
  // The add button waits for a file, a link or (here) a thought's text.
  const ready =
    tab === 'upload'
      ? sendable.length > 0
      : tab === 'link'
        ? url.trim() !== ''
        : thoughtContent.trim() !== '';

  const chooseFiles = (added: File[]) => {
    const next = addFiles(files, added);
    setFiles(next.files);
    setDropped(next.dropped);
    setResults(null);
  };

  const showPreview = link.form.handleSubmit(({ url: checked }) => preview.mutate(checked));

  const sendFiles = async () => {
    const refused = files.filter((file) => fileProblem(file) !== null);
    let answer: UploadResult;
    try {
      answer = await upload.mutateAsync({ files: sendable, category });
    } catch {
      return; // Toasted by the mutation; the files stay chosen for another try.
    }
    // Files refused here were never sent; they are reported beside the server's answers.
    const all: UploadResult['results'] = [
      ...answer.results,
      ...refused.map((file) => ({
        fileName: file.name,
        error: { code: fileProblem(file)!, message: '' },
      })),
    ];
    const added = all.filter((result) => result.document).length;
    if (added === all.length) {
      notifySuccess(t('toast.uploaded', { count: added }));
      onClose();
      return;
    }
    setFiles([]);
    setDropped(0);
    setResults(all);
  };

  // A refusal is toasted by the mutation; what was typed stays, and a field it names is marked.
  const addLink = link.form.handleSubmit(async (input) => {
    try {
      await createLink.mutateAsync(input);
    } catch (error) {
      link.showServerErrors(error, ['url']);
      return;
    }
    onClose();
  });
  const addThought = thought.form.handleSubmit(async (input) => {
    try {
      await createThought.mutateAsync(input);
    } catch (error) {
      thought.showServerErrors(error, ['name', 'content']);
      return;
    }
    onClose();
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !ready) return;
    if (tab === 'upload') await sendFiles();
    else if (tab === 'link') await addLink(event);
    else await addThought(event);
  };

  const previewFailed = preview.isError ? errorMessage(preview.error, t('link.previewFailed')) : undefined;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex min-h-0 flex-1 flex-col">
      <Tabs
        value={tab}
        onValueChange={(value) => setTab(value as AddTab)}
        className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto px-5 py-4"
      >
        <TabsList variant="segmented-full" aria-label={t('addDialog.kinds')}>
          {TABS.map(({ value, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" />
              {t(`addDialog.tabs.${value}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="upload" className="rounded-lg">
          <UploadTab
            files={files}
            onAddFiles={chooseFiles}
            onRemoveFile={(file) => {
              setFiles(files.filter((known) => known !== file));
              setDropped(0);
            }}
            dropped={dropped}
            category={category}
            onCategoryChange={setCategory}
            results={results}
            disabled={busy}
          />
        </TabsContent>
        <TabsContent value="link" className="rounded-lg">
          <LinkTab
            url={url}
            input={link.field('url', { onChange: () => preview.reset() })}
            urlError={link.errorText('url')}
            onPreview={() => void showPreview()}
            previewing={preview.isPending}
            preview={preview.data}
            previewError={previewFailed}
            disabled={busy}
          />
        </TabsContent>
        <TabsContent value="thought" className="rounded-lg">
          <ThoughtTab
            nameInput={thought.field('name')}
            nameError={thought.errorText('name')}
            contentInput={thought.field('content')}
            contentError={thought.errorText('content')}
            disabled={busy}
          />
        </TabsContent>
      </Tabs>
      <div className="flex justify-end gap-2 border-t px-5 py-3">
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {t('addDialog.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={!ready}>
          {busy
            ? upload.isPending
              ? t('addDialog.uploading')
              : t('addDialog.adding')
            : t('addDialog.submit')}
        </Button>
      </div>
    </form>
  );
}
