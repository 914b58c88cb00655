export type {
  AnnotationSource,
  CircumstanceType,
  ClassificationStatus,
  ClauseDependency,
  ClauseReviewDecision,
  ClauseReviewStatus,
  ContentModality,
  GraphEdgeType,
  GroupType,
  KnownProviderId,
  ModalityType,
  Mood,
  ParticipantRole,
  ProcessType,
  QueueDecision,
  QueueStatus,
  TextFormat,
  Upos,
} from './enums';
export {
  ANNOTATION_SOURCES,
  AnnotationSourceSchema,
  CIRCUMSTANCE_TYPES,
  CircumstanceTypeSchema,
  CLASSIFICATION_STATUSES,
  CLAUSE_DEPENDENCIES,
  CLAUSE_REVIEW_DECISIONS,
  CLAUSE_REVIEW_STATUSES,
  ClassificationStatusSchema,
  ClauseDependencySchema,
  ClauseReviewDecisionSchema,
  ClauseReviewStatusSchema,
  CONTENT_MODALITIES,
  ContentModalitySchema,
  GRAPH_EDGE_TYPES,
  GROUP_TYPES,
  GraphEdgeTypeSchema,
  GroupTypeSchema,
  MODALITY_TYPES,
  MOODS,
  ModalityTypeSchema,
  MoodSchema,
  PARTICIPANT_ROLES,
  ParticipantRoleSchema,
  PROCESS_TYPES,
  PROVIDER_IDS,
  ProcessTypeSchema,
  QUEUE_DECISIONS,
  QUEUE_STATUSES,
  QueueDecisionSchema,
  QueueStatusSchema,
  TEXT_FORMATS,
  TextFormatSchema,
  UPOS_TAGS,
  UposSchema,
} from './enums';
export type { CaeErrorOptions, ErrorBody, ErrorCode } from './errors/cae-error';
export { CaeError, ERROR_CODES } from './errors/cae-error';
export { ConflictError } from './errors/conflict-error';
export { InternalError } from './errors/internal-error';
export { InvalidRequestError } from './errors/invalid-request-error';
export { NotFoundError } from './errors/not-found-error';
export { PayloadTooLargeError } from './errors/payload-too-large-error';
export { RateLimitedError } from './errors/rate-limited-error';
export { parseRequest, toCaeError, validationError } from './errors/to-cae-error';
export { UnauthorizedError } from './errors/unauthorized-error';
export { UpstreamError } from './errors/upstream-error';

export { canonicalJson, derivationHash } from './hash';
export type { Clock, IdGenerator } from './ids';
export { CAE_UUID_NAMESPACE, clauseId, nameUuid, randomId, systemClock } from './ids';
export type { KeyStore } from './key-store';
export type {
  GenerateObjectOptions,
  GenerateObjectResult,
  GenerateTextResult,
  JsonSchemaObject,
  LanguageModel,
  LanguageModelCallOptions,
  LanguageModelFinishReason,
  LanguageModelMessage,
  LanguageModelUsage,
} from './language-model';
export { objectSchema } from './language-model';
export type { JsonLoggerOptions, Logger, LogLevel } from './logging/json-logger';
export { createJsonLogger, silentLogger } from './logging/json-logger';
export { redactRecord, redactSecrets } from './logging/secret-redaction';
export { isParsedBy, markParsed, parseOnce } from './parse-once';
export type { CandidateSource, ClauseCandidate, RankedClause, SentenceClause } from './retrieval-source';
export type {
  AgentIdentity,
  AgentManifest,
  AgentSkill,
  AgentSpecification,
  OperationalRule,
  RuleStrength,
  TargetFramework,
} from './schemas/agent-spec';
export {
  AgentIdentitySchema,
  AgentManifestSchema,
  AgentSkillSchema,
  AgentSpecificationSchema,
  OperationalRuleSchema,
  RULE_STRENGTHS,
  RuleStrengthSchema,
  TARGET_FRAMEWORK_ALIASES,
  TARGET_FRAMEWORKS,
  TARGET_FRAMEWORKS_DESCRIPTION,
  TargetFrameworkSchema,
} from './schemas/agent-spec';
export type {
  AnnotatedClause,
  AnnotatedClauseInput,
  Circumstance,
  ClauseAnnotation,
  CohesiveReference,
  Conclusion,
  Group,
  Ideational,
  Interpersonal,
  LabelRule,
  Participant,
  Premise,
  RawTransitivity,
  Readability,
  ReasoningTrace,
  Syntactic,
  Textual,
  ThemeElement,
  Token,
  TokenSpan,
} from './schemas/clause';
export {
  AnnotatedClauseSchema,
  CircumstanceSchema,
  ClauseAnnotationSchema,
  CohesiveReferenceSchema,
  ConclusionSchema,
  GroupSchema,
  IdeationalSchema,
  InterpersonalSchema,
  LabelRuleSchema,
  ParticipantSchema,
  PremiseSchema,
  RawTransitivitySchema,
  ReadabilitySchema,
  ReasoningTraceSchema,
  SyntacticSchema,
  TextualSchema,
  ThemeElementSchema,
  TokenSchema,
  TokenSpanSchema,
} from './schemas/clause';
export type {
  ClausePage,
  ClauseReviewPage,
  CompileRequest,
  CompileRequestInput,
  ContentReviewPage,
  DecideContentResponse,
  GraphQuery,
  HealthResponse,
  IngestDocument,
  IngestDocumentInput,
  IngestResponse,
  IngestResult,
  ListClausesQuery,
  ListClausesQueryInput,
  PageQuery,
  ReviewQueueQuery,
} from './schemas/engine-api';
export {
  ClausePageSchema,
  ClauseReviewPageSchema,
  CompileRequestSchema,
  ContentReviewPageSchema,
  DecideContentResponseSchema,
  GraphQuerySchema,
  HealthResponseSchema,
  IngestDocumentSchema,
  IngestResponseSchema,
  IngestResultSchema,
  ListClausesQuerySchema,
  MAX_PAGE_LIMIT,
  PageQuerySchema,
  ReviewQueueQuerySchema,
} from './schemas/engine-api';
export { ErrorBodySchema } from './schemas/error-body';
export type {
  ArchitectEvent,
  ChatMessage,
  CompileAgentRequest,
  ComputeRequest,
  ComputeRequestInput,
  ComputeResponse,
  GatewayHealth,
  GenerationOptions,
  ModelEntry,
  ModelList,
  Prompt,
  ProviderStatus,
  SetKeyRequest,
  StreamChunk,
  TestKeyRequest,
  TestKeyResponse,
} from './schemas/gateway-api';
export {
  ArchitectCompleteEventSchema,
  ArchitectEventSchema,
  ArchitectPartialEventSchema,
  ArchitectStageEventSchema,
  ChatMessageSchema,
  CompileAgentRequestSchema,
  ComputeRequestSchema,
  ComputeResponseSchema,
  GatewayHealthSchema,
  GenerationOptionsSchema,
  ModelEntrySchema,
  ModelListSchema,
  PromptSchema,
  ProviderIdSchema,
  ProviderStatusSchema,
  SetKeyRequestSchema,
  StreamChunkSchema,
  TestKeyRequestSchema,
  TestKeyResponseSchema,
} from './schemas/gateway-api';
export type { GraphEdge, GraphNode } from './schemas/graph';
export { GraphEdgeSchema, GraphNodeSchema } from './schemas/graph';
export type {
  FusionMethodInput,
  FusionWeightsInput,
  RetrievalFilters,
  RetrievalResult,
  RetrieveRequest,
  RetrieveRequestInput,
  RetrieveResponse,
  SynthesizeRequest,
  SynthesizeRequestInput,
  SynthesizeResponse,
} from './schemas/retrieval';
export {
  FusionMethodSchema,
  FusionWeightsSchema,
  MAX_RETRIEVE_LIMIT,
  RetrievalFiltersSchema,
  RetrievalResultSchema,
  RetrieveRequestSchema,
  RetrieveResponseSchema,
  SynthesizeRequestSchema,
  SynthesizeResponseSchema,
} from './schemas/retrieval';
export type {
  ClauseReviewRecord,
  ClauseReviewRequest,
  ContentReviewItem,
  DecideContentRequest,
  EnqueueContentRequest,
  EnqueueContentRequestInput,
} from './schemas/review';
export {
  ClauseReviewRecordSchema,
  ClauseReviewRequestSchema,
  ContentReviewItemSchema,
  DecideContentRequestSchema,
  EnqueueContentRequestSchema,
} from './schemas/review';
export type { Wire, WireCodec } from './wire';
export {
  camelCase,
  createWireCodec,
  fromWire,
  safeFromWire,
  snakeCase,
  toWire,
  wire,
  wireJsonSchema,
} from './wire';
