import Foundation
import ShopTalkPostgres
import Testing

/// The PostgreSQL cluster the tests run against: `SHOPTALK_TEST_POSTGRES`,
/// which `.ci/run` sets after starting a throwaway cluster
/// (`scripts/postgres-cluster.sh`). Where it is not set the PostgreSQL tests
/// are skipped, visibly — except on CI (`CI` or `SHOPTALK_REQUIRE_POSTGRES`
/// set), where they fail.
public enum TestCluster {
    public static let url = ProcessInfo.processInfo.environment["SHOPTALK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    public static var isRequired: Bool {
        let environment = ProcessInfo.processInfo.environment
        return (environment["CI"] ?? "").isEmpty == false || environment["SHOPTALK_REQUIRE_POSTGRES"] == "1"
    }
    /// Whether the PostgreSQL tests run: a cluster is named, or CI requires one (and they fail without it).
    public static var shouldRun: Bool { url != nil || isRequired }
    public static let skipped: Comment = "no PostgreSQL cluster: `source scripts/postgres-cluster.sh && start_postgres_cluster` first (.ci/run does)"
}

/// A database of the test's own on the cluster, made empty and dropped after.
public final class TestDatabase {
    public let name = "shoptalk_test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased())"
    public let url: String
    private let admin: PostgresConnection

    public init() throws {
        let cluster = try #require(TestCluster.url, "SHOPTALK_TEST_POSTGRES is not set: .ci/run starts a cluster (scripts/postgres-cluster.sh)")
        admin = try PostgresConnection(url: cluster)
        try admin.execute("CREATE DATABASE \(name)")
        url = Self.replacingDatabase(of: cluster, with: name)
    }

    deinit {
        try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
    }

    /// `postgres://u@h:p/postgres` → `postgres://u@h:p/NAME` (keeping any `?options`).
    public static func replacingDatabase(of url: String, with name: String) -> String {
        let (base, query) = url.firstIndex(of: "?").map { (String(url[..<$0]), String(url[$0...])) } ?? (url, "")
        guard let slash = base.range(of: "/", options: .backwards), base[..<slash.lowerBound].hasSuffix("/") == false else {
            return base + "/" + name + query
        }
        return base[..<slash.lowerBound] + "/" + name + query
    }
}
