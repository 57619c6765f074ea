import { TerraformDocumentState } from './formats/terraform/incremental';
import { YamlDocumentState } from './formats/yaml/incremental';

/**
 * What the analysis of one open document keeps from one version to the next, so that an edit
 * costs about what it changed. The core stays pure: the host holds one per document, hands it
 * to every analysis of that document, and disposes of it when the document closes. Analyses
 * with or without it give the same results.
 */
export class DocumentState {
  private terraformState: TerraformDocumentState | undefined;
  private terraformCompletionState: TerraformDocumentState | undefined;
  private yamlState: YamlDocumentState | undefined;

  /** The Terraform reader's state, made on first use. */
  get terraform(): TerraformDocumentState {
    return (this.terraformState ??= new TerraformDocumentState());
  }

  /**
   * The Terraform reader's state for completion: the text it reads (the word being typed blanked
   * out) is not the document's, so it keeps a tree of its own, forked from the document's on first
   * use; each completion then reparses only around what was typed since the previous one.
   */
  get terraformCompletion(): TerraformDocumentState {
    return (this.terraformCompletionState ??= this.terraform.fork());
  }

  /** The YAML reader's state, made on first use. */
  get yaml(): YamlDocumentState {
    return (this.yamlState ??= new YamlDocumentState());
  }

  dispose(): void {
    this.yamlState = undefined;
    this.terraformState?.dispose();
    this.terraformState = undefined;
    this.terraformCompletionState?.dispose();
    this.terraformCompletionState = undefined;
  }
}
