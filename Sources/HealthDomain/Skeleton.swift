public enum HealthDomainSkeleton {}
