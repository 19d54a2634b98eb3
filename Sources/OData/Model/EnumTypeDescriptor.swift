import Foundation
import ODataMetadata

/// The OData protocol version a service speaks (`.v2`, `.v4`, …): a property of the service
/// (`ServiceDescriptor.protocolVersion`), by which the runtime picks the wire format.
public typealias ODataVersion = ODataMetadata.ODataVersion

/// Whether an operation is an action (side effects, `POST`) or a function (no side effects, `GET`).
public typealias OperationKind = ODataMetadata.OperationKind

/// Describes an enum type (`EnumType`, OData v3 and v4): its members, their values, and whether they are flags.
///
/// Values of enum-typed properties travel as their member names (`"Red"`, flags as `"Read,Write"`), so the
/// runtime stores them as strings and a property's `PropertyDescriptor.enumType` says which enum they name.
public final class EnumTypeDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// `Namespace.Name`.
    public let qualifiedName: String
    /// `UnderlyingType` (`Edm.Int32` when absent).
    public let underlyingType: EdmType
    /// `IsFlags`: members are bits that combine.
    public let isFlags: Bool
    /// The member names, in declaration order.
    public let memberNames: [String]
    /// The member values, parallel to `memberNames`.
    public let memberValues: [Int64]

    /// Creates a descriptor; `memberNames` and `memberValues` are parallel.
    public init(
        qualifiedName: String, underlyingType: EdmType = .int32, isFlags: Bool = false, memberNames: [String],
        memberValues: [Int64]
    ) {
        precondition(memberNames.count == memberValues.count, "enum \(qualifiedName): one value per member")
        self.qualifiedName = qualifiedName
        self.underlyingType = underlyingType
        self.isFlags = isFlags
        self.memberNames = memberNames
        self.memberValues = memberValues
    }

    /// The value of the member with this name.
    public func value(ofMember name: some StringProtocol) -> Int64? {
        memberNames.firstIndex { $0 == name }.map { memberValues[$0] }
    }

    /// The name of the (first) member with this value.
    public func member(withValue value: Int64) -> String? {
        memberValues.firstIndex(of: value).map { memberNames[$0] }
    }

    /// The combined value of a flags text (`"Read,Write"`, `"Read, Write"`) or a number; nil when a name is unknown.
    public func flagsValue(_ text: String) -> Int64? {
        if let number = Int64(text) { return number }
        var value: Int64 = 0
        for part in text.split(separator: ",") {
            guard let bits = self.value(ofMember: part.trimmingCharacters(in: .whitespaces)) else { return nil }
            value |= bits
        }
        return value
    }

    /// The text of a flags value: the names of the non-zero members it contains, comma-separated, in declaration
    /// order, or the zero member's name; the number itself when members do not cover its bits.
    public func flagsText(_ value: Int64) -> String {
        var names: [String] = []
        var covered: Int64 = 0
        for (name, bits) in zip(memberNames, memberValues) where bits != 0 && value & bits == bits {
            names.append(name)
            covered |= bits
        }
        if covered != value { return String(value) }
        if names.isEmpty { return member(withValue: 0) ?? "0" }
        return names.joined(separator: ",")
    }

    /// Identity: descriptors are compared by qualified name.
    public static func == (lhs: EnumTypeDescriptor, rhs: EnumTypeDescriptor) -> Bool {
        lhs === rhs || lhs.qualifiedName == rhs.qualifiedName
    }

    /// Hashes the components that equality compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(qualifiedName) }

    /// The qualified name.
    public var description: String { qualifiedName }
}

/// A generated Swift enum for an `EnumType` without `IsFlags`: one case per member, the raw value the member's name.
public protocol EnumTypeProtocol: EdmValueConvertible, CaseIterable, RawRepresentable where RawValue == String {
    /// The enum type's runtime descriptor.
    static var enumType: EnumTypeDescriptor { get }
}

extension EnumTypeProtocol {
    /// The member a value names (`"Red"`), or whose value it is (a number, as some v3 services send).
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .string(let name):
            if let member = Self(rawValue: name) {
                self = member
            } else if let number = Int64(name), let member = Self.enumType.member(withValue: number).flatMap(Self.init(rawValue:)) {
                self = member
            } else {
                return nil
            }
        case .byte, .sByte, .int16, .int32, .int64:
            guard let number = edmValue.integerValue, let name = Self.enumType.member(withValue: number),
                let member = Self(rawValue: name)
            else { return nil }
            self = member
        default:
            return nil
        }
    }

    /// The member's name, as the wire carries it.
    public var edmValue: EdmValue { .string(rawValue) }

    /// The member's value (`Value` in `$metadata`).
    public var memberValue: Int64 { Self.enumType.value(ofMember: rawValue) ?? 0 }
}

/// A generated Swift option set for an `EnumType` with `IsFlags="true"`: one static member per enum member.
public protocol FlagsEnumTypeProtocol: EdmValueConvertible, OptionSet where RawValue == Int64 {
    /// The enum type's runtime descriptor.
    static var enumType: EnumTypeDescriptor { get }
}

extension FlagsEnumTypeProtocol {
    /// The flags a value names (`"Read,Write"`) or whose number it is.
    public init?(edmValue: EdmValue) {
        switch edmValue {
        case .string(let text):
            guard let value = Self.enumType.flagsValue(text) else { return nil }
            self.init(rawValue: value)
        case .byte, .sByte, .int16, .int32, .int64:
            guard let value = edmValue.integerValue else { return nil }
            self.init(rawValue: value)
        default:
            return nil
        }
    }

    /// The member names, comma-separated, as the wire carries them.
    public var edmValue: EdmValue { .string(Self.enumType.flagsText(rawValue)) }
}

extension EdmValue {
    /// The value of an integer of any width; nil for other values.
    var integerValue: Int64? {
        switch self {
        case .byte(let value): return Int64(value)
        case .sByte(let value): return Int64(value)
        case .int16(let value): return Int64(value)
        case .int32(let value): return Int64(value)
        case .int64(let value): return value
        default: return nil
        }
    }
}
